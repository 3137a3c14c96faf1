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
 * Reads of a local variable that holds a spawn result on a path with no sync() since the spawn, where its value is
 * undefined: an error when no sync() can have run between the spawn and the read on any path (the read is wrong
 * whenever that spawn happened), a warning when a sync() lies on some path but may be skipped on another.
 *
 * <p>A path-sensitive forward dataflow ({@link PathFacts}) over the control-flow graph: paths are grouped by what
 * they know about {@linkplain BranchCondition branch conditions}, so a spawn and its sync() guarded by the same
 * condition ({@code if (i < THRESHOLD) x = spawn(); ... if (i < THRESHOLD) sync(); use(x);}) are known to go
 * together and give no warning, while {@code if (c) x = spawn(); use(x);} still does. What a path knows about a
 * condition is forgotten when the method stores into a local or a field the condition reads. Everything else
 * (which spawns are pending, what a store or sync does) is {@link SpawnEffects}, as for {@link PendingSpawns}.
 *
 * <p>To tell the two apart, each path group carries a second set next to the pending one, in the same bit set at
 * offset {@code n} (the number of sites): the pending spawns a sync() ran after on some path of the group. Both
 * sets join by union, so at a read, a pending spawn that no group has such a sync() for reaches the read only along
 * paths without any sync() since it. A new spawn of a site clears its bit (the sync() before it synced an earlier
 * execution), so a loop that reads a result before the sync() and spawns it again after is an error too. Findings
 * are reported after the dataflow reached its fixed point, when the sets describe every path.
 *
 * <p>A finding names the variable from the class file's local variable table; without one (classes compiled
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

    /**
     * Adds an error to {@code findings} for every read of a spawn result that comes before any sync() can have run,
     * a warning for every other read that may come before its sync().
     */
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
        while (!work.isEmpty()) {
            int i = work.poll();
            AbstractInsnNode insn = insns.get(i);
            PathFacts before = in[i];
            PathFacts out = forgetStale(insn, before.mapPending(p -> after(insn, p)));
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
        Set<String> reported = new HashSet<>();
        for (int i = 0; i < in.length; i++) {
            if (in[i] != null) {
                report(findings, reported, insns.get(i), in[i].pending());
            }
        }
    }

    /** The pending sites (low bits) and the pending sites synced on some path (high bits) after {@code insn}. */
    private BitSet after(AbstractInsnNode insn, BitSet before) {
        int n = effects.sites().size();
        BitSet pending = before.get(0, n);
        BitSet synced = before.get(n, 2 * n);
        BitSet out = effects.after(insn, pending);
        if (effects.isSync(insn)) {
            synced.or(pending);
        }
        for (SpawnSite site : effects.sites()) {
            if (site.call() == insn) {
                synced.clear(site.id());
            }
        }
        for (int s = synced.nextSetBit(0); s >= 0; s = synced.nextSetBit(s + 1)) {
            out.set(n + s);
        }
        return out;
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

    /** Reports the spawn results {@code insn} reads, given the union of both sets over every path reaching it. */
    private void report(Findings findings, Set<String> reported, AbstractInsnNode insn, BitSet state) {
        int n = effects.sites().size();
        BitSet read = effects.read(insn, state.get(0, n));
        if (read.isEmpty()) {
            return;
        }
        int line = Findings.lineOf(insn);
        int var = SpawnEffects.local(insn);
        if (!reported.add(line + ":" + var)) {
            return;
        }
        BitSet certain = (BitSet) read.clone();
        certain.andNot(state.get(n, 2 * n));
        SpawnSite site = effects.sites().get((certain.isEmpty() ? read : certain).nextSetBit(0));
        String name = LocalNames.at(method, var, insn);
        String spawn = "spawnable call " + SourceNames.method(site.call().owner, site.call().name)
                + (site.line() >= 0 ? " on line " + site.line() : "");
        String what = name != null ? "local variable '" + name + "', the result of " + spawn
                : "the result of " + spawn + " (local variable #" + var + "; compile with -g to see its name)";
        if (!certain.isEmpty()) {
            findings.error(method, line, "reads " + what + " before any sync() can have run since the spawn, so it"
                    + " reads an undefined value whenever the spawn happened: call sync() between the spawn and"
                    + " this read");
        } else {
            findings.warning(method, line, "reads " + what + ", on a path without sync() since the spawn; its"
                    + " value is undefined there: call sync() before reading it");
        }
    }
}
