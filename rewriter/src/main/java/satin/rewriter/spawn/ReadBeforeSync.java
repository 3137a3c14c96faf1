package satin.rewriter.spawn;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import satin.rewriter.diagnostic.Findings;
import satin.rewriter.diagnostic.SourceNames;

/**
 * The read-before-sync warning: a local variable that holds a spawn result is read on a path with no sync() since
 * the spawn, where its value is undefined.
 *
 * <p>A path-sensitive forward dataflow ({@link PathFacts}) over the control-flow graph: paths are grouped by what
 * they know about {@linkplain BranchCondition branch conditions}, so a spawn and its sync() guarded by the same
 * condition ({@code if (i < THRESHOLD) x = spawn(); ... if (i < THRESHOLD) sync(); use(x);}) are known to go
 * together and give no warning, while {@code if (c) x = spawn(); use(x);} still does. What a path knows about a
 * condition is forgotten when the method stores into a local or a field the condition reads. Everything else
 * (which spawns are pending, what a store or sync does) is {@link SpawnEffects}, as for {@link PendingSpawns}.
 *
 * <p>A warning names the variable from the class file's local variable table; without one (classes compiled
 * without {@code -g}) it names the spawn whose result is read: the called method and its line.
 */
public final class ReadBeforeSync {

    private final MethodNode method;
    private final SpawnEffects effects;
    private final StableFields stable;
    private final Set<LabelNode> jumpTargets;
    private final Map<JumpInsnNode, Optional<BranchCondition>> conditions = new IdentityHashMap<>();
    private final Map<String, BranchCondition> byKey = new HashMap<>();

    private ReadBeforeSync(MethodNode method, MethodScan scan, StableFields stable) {
        this.method = method;
        this.effects = new SpawnEffects(scan);
        this.stable = stable;
        this.jumpTargets = JumpTargets.of(method);
    }

    /** Adds a warning to {@code findings} for every read of a spawn result that may come before its sync(). */
    public static void check(MethodNode method, MethodScan scan, StableFields stable, Findings findings) {
        if (scan.sites().stream().noneMatch(s -> s.destination().kind() == Destination.Kind.LOCAL)) {
            return;
        }
        new ReadBeforeSync(method, scan, stable).run(findings);
    }

    private void run(Findings findings) {
        InsnList insns = method.instructions;
        ControlFlow flow = new ControlFlow(method);
        PathFacts[] in = new PathFacts[flow.size()];
        Deque<Integer> work = new ArrayDeque<>();
        in[0] = PathFacts.entry();
        work.add(0);
        Set<String> warned = new HashSet<>();
        while (!work.isEmpty()) {
            int i = work.poll();
            AbstractInsnNode insn = insns.get(i);
            PathFacts before = in[i];
            for (PathFacts.Fact fact : before.facts()) {
                BitSet read = effects.read(insn, fact.pending());
                if (!read.isEmpty()) {
                    warn(findings, warned, insn, read);
                }
            }
            PathFacts out = forgetStale(insn, before.mapPending(p -> effects.after(insn, p)));
            Optional<BranchCondition> condition = insn instanceof JumpInsnNode jump ? condition(jump) : Optional.empty();
            int target = insn instanceof JumpInsnNode jump ? insns.indexOf(jump.label) : -1;
            for (int s : flow.successors(i)) {
                PathFacts next = out;
                if (condition.isPresent() && target != i + 1) {
                    boolean jumped = s == target;
                    next = out.assume(condition.get().key(), jumped == condition.get().taken());
                }
                propagate(in, s, next, work);
            }
            PathFacts either = PathFacts.join(before, out);
            for (int s : flow.handlers(i)) {
                propagate(in, s, either, work);
            }
        }
    }

    private Optional<BranchCondition> condition(JumpInsnNode jump) {
        return conditions.computeIfAbsent(jump, j -> {
            Optional<BranchCondition> c = BranchCondition.of(j, jumpTargets, stable);
            c.ifPresent(bc -> byKey.put(bc.key(), bc));
            return c;
        });
    }

    /** Forgets the conditions over a local or field that {@code insn} writes. */
    private PathFacts forgetStale(AbstractInsnNode insn, PathFacts facts) {
        int op = insn.getOpcode();
        if ((insn instanceof VarInsnNode && op >= Opcodes.ISTORE && op <= Opcodes.ASTORE)
                || insn instanceof IincInsnNode) {
            int var = SpawnEffects.local(insn);
            int size = op == Opcodes.LSTORE || op == Opcodes.DSTORE ? 2 : 1;
            return facts.forget(key -> byKey.get(key).locals().stream().anyMatch(l -> l >= var && l < var + size));
        }
        if (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC) {
            FieldInsnNode f = (FieldInsnNode) insn;
            String field = f.name + ':' + f.desc;
            return facts.forget(key -> byKey.get(key).fields().contains(field));
        }
        return facts;
    }

    private static void propagate(PathFacts[] in, int target, PathFacts state, Deque<Integer> work) {
        if (state.isEmpty()) {
            return; // no path takes this edge
        }
        if (in[target] == null || !in[target].covers(state)) {
            in[target] = PathFacts.join(in[target], state);
            work.add(target);
        }
    }

    private void warn(Findings findings, Set<String> warned, AbstractInsnNode insn, BitSet read) {
        int line = Findings.lineOf(insn);
        int var = SpawnEffects.local(insn);
        String name = LocalNames.at(method, var, insn);
        SpawnSite site = effects.sites().get(read.nextSetBit(0));
        String spawn = "spawnable call " + SourceNames.method(site.call().owner, site.call().name)
                + (site.line() >= 0 ? " on line " + site.line() : "");
        String what = name != null ? "local variable '" + name + "', the result of " + spawn
                : "the result of " + spawn + " (local variable #" + var + "; compile with -g to see its name)";
        if (warned.add(line + ":" + var)) {
            findings.warning(method, line, "reads " + what + ", on a path without sync() since the spawn; its"
                    + " value is undefined there: call sync() before reading it");
        }
    }
}
