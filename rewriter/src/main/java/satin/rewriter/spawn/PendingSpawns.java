package satin.rewriter.spawn;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import satin.rewriter.diagnostic.Findings;

/**
 * Forward "may be pending" dataflow over a method's control-flow graph: which spawns may have happened since
 * the last sync(). It yields
 * <ul>
 *   <li>a warning for every read of such a local (its value is undefined before sync()),</li>
 *   <li>for each sync(), the local-destination sites whose result it must copy, so copies are emitted only
 *       where the destination local is still the spawn's variable (javac reuses slots), and</li>
 *   <li>the ordinary stores that overwrite a pending destination (the spawn's late result must not
 *       overwrite them: the rewriter forgets the spawn's record there), and</li>
 *   <li>the returns where a spawn may be pending: only those get the implicit sync.</li>
 * </ul>
 * States are bit sets of site ids; merging is union; a sync() clears the set.
 */
public final class PendingSpawns {

    private final Map<MethodInsnNode, BitSet> copiesAtSync = new IdentityHashMap<>();
    private final Map<AbstractInsnNode, BitSet> forgetAfterStore = new IdentityHashMap<>();
    private final Set<AbstractInsnNode> returnsWithPending = new HashSet<>();

    public PendingSpawns(MethodNode method, MethodScan scan, Findings findings) {
        InsnList insns = method.instructions;
        Map<AbstractInsnNode, SpawnSite> spawnAt = new IdentityHashMap<>();
        Set<AbstractInsnNode> siteStores = new HashSet<>();
        for (SpawnSite site : scan.sites()) {
            spawnAt.put(site.call(), site);
            if (site.destination().kind() == Destination.Kind.LOCAL) {
                siteStores.add(site.store());
            }
        }
        Set<AbstractInsnNode> syncs = new HashSet<>(scan.syncs());
        List<SpawnSite> sites = scan.sites();
        ControlFlow flow = new ControlFlow(method);
        BitSet[] in = new BitSet[flow.size()];
        Deque<Integer> work = new ArrayDeque<>();
        in[0] = new BitSet();
        work.add(0);
        Set<String> warned = new HashSet<>();
        while (!work.isEmpty()) {
            int i = work.poll();
            AbstractInsnNode insn = insns.get(i);
            BitSet out = (BitSet) in[i].clone();
            SpawnSite site = spawnAt.get(insn);
            if (site != null) {
                if (site.destination().kind() == Destination.Kind.LOCAL) {
                    clearWriters(out, sites, site.destination().var(), site.destination().localSize());
                }
                out.set(site.id());
            } else if (syncs.contains(insn)) {
                out.clear();
            } else if (insn instanceof VarInsnNode v && !siteStores.contains(insn)) {
                int op = v.getOpcode();
                int size = op == Opcodes.LLOAD || op == Opcodes.DLOAD || op == Opcodes.LSTORE
                        || op == Opcodes.DSTORE ? 2 : 1;
                BitSet hit = writers(in[i], sites, v.var, size);
                if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
                    if (!hit.isEmpty()) {
                        forgetAfterStore.computeIfAbsent(insn, k -> new BitSet()).or(hit);
                    }
                    out.andNot(hit);
                } else if (!hit.isEmpty()) {
                    warn(method, findings, warned, insn, v.var);
                }
            } else if (insn instanceof IincInsnNode inc) {
                BitSet hit = writers(in[i], sites, inc.var, 1);
                if (!hit.isEmpty()) {
                    warn(method, findings, warned, insn, inc.var);
                }
            }
            for (int s : flow.successors(i)) {
                propagate(in, s, out, work);
            }
            // An exception may leave before or after the instruction's effect.
            BitSet either = (BitSet) out.clone();
            either.or(in[i]);
            for (int s : flow.handlers(i)) {
                propagate(in, s, either, work);
            }
        }
        BitSet localSites = new BitSet();
        sites.stream().filter(s -> s.destination().kind() == Destination.Kind.LOCAL).forEach(s -> localSites.set(s.id()));
        for (int i = 0; i < in.length; i++) {
            AbstractInsnNode insn = insns.get(i);
            if (in[i] == null) {
                continue;
            }
            if (syncs.contains(insn)) {
                BitSet copies = (BitSet) in[i].clone();
                copies.and(localSites);
                copiesAtSync.put((MethodInsnNode) insn, copies);
            } else if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN
                    && !in[i].isEmpty()) {
                returnsWithPending.add(insn);
            }
        }
    }

    private static void propagate(BitSet[] in, int target, BitSet state, Deque<Integer> work) {
        if (in[target] == null) {
            in[target] = (BitSet) state.clone();
            work.add(target);
        } else if (!contains(in[target], state)) {
            in[target].or(state);
            work.add(target);
        }
    }

    private static boolean contains(BitSet outer, BitSet inner) {
        BitSet rest = (BitSet) inner.clone();
        rest.andNot(outer);
        return rest.isEmpty();
    }

    private static void warn(MethodNode method, Findings findings, Set<String> warned, AbstractInsnNode insn,
                             int var) {
        int line = Findings.lineOf(insn);
        String name = localName(method, var, insn);
        if (warned.add(line + ":" + name)) {
            findings.warning(method, line, "reads " + name + ", the result of a spawn, on a path without sync()"
                    + " since the spawn; its value is undefined there");
        }
    }

    private static String localName(MethodNode method, int var, AbstractInsnNode at) {
        if (method.localVariables != null) {
            int index = method.instructions.indexOf(at);
            for (var lv : method.localVariables) {
                if (lv.index == var && method.instructions.indexOf(lv.start) <= index + 1
                        && index < method.instructions.indexOf(lv.end)) {
                    return "local variable '" + lv.name + "'";
                }
            }
        }
        return "local variable #" + var;
    }

    private static BitSet writers(BitSet pending, List<SpawnSite> sites, int var, int size) {
        BitSet hit = new BitSet();
        for (int s = pending.nextSetBit(0); s >= 0; s = pending.nextSetBit(s + 1)) {
            if (sites.get(s).writesLocal(var, size)) {
                hit.set(s);
            }
        }
        return hit;
    }

    private static void clearWriters(BitSet pending, List<SpawnSite> sites, int var, int size) {
        pending.andNot(writers(pending, sites, var, size));
    }

    /** Local-destination sites whose result {@code sync} must copy into their local. */
    public BitSet copiesAt(MethodInsnNode sync) {
        return copiesAtSync.getOrDefault(sync, new BitSet());
    }

    /** Whether a spawn may be pending at {@code ret}, which then needs the implicit sync. */
    public boolean pendingAt(AbstractInsnNode ret) {
        return returnsWithPending.contains(ret);
    }

    /** Sites whose pending record must be forgotten right after the ordinary store {@code store}. */
    public Map<AbstractInsnNode, BitSet> forgetAfterStore() {
        return new HashMap<>(forgetAfterStore);
    }
}
