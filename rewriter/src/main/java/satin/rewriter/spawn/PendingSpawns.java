package satin.rewriter.spawn;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Forward "may be pending" dataflow over a method's control-flow graph: which spawns may have happened since
 * the last sync() on some path. It decides what the rewritten code does:
 * <ul>
 *   <li>for each sync(), the local-destination sites whose result it must copy, so copies are emitted only
 *       where the destination local is still the spawn's variable (javac reuses slots),</li>
 *   <li>the ordinary stores that overwrite a pending destination (the spawn's late result must not
 *       overwrite them: the rewriter forgets the spawn's record there), and</li>
 *   <li>the returns where a spawn may be pending: only those get the implicit sync.</li>
 * </ul>
 * States are bit sets of site ids ({@link SpawnEffects}); merging is union. The analysis is deliberately
 * path-insensitive: every decision it makes is also correct on paths that cannot happen (an extra copy is guarded
 * by a null check, an extra implicit sync of an empty frame does nothing), so the code it produces never depends
 * on reasoning about conditions. The warnings, which may reason about conditions, are {@link ReadBeforeSync}.
 */
public final class PendingSpawns {

    private final Map<MethodInsnNode, BitSet> copiesAtSync = new IdentityHashMap<>();
    private final Map<AbstractInsnNode, BitSet> forgetAfterStore = new IdentityHashMap<>();
    private final Set<AbstractInsnNode> returnsWithPending = new HashSet<>();
    private final Map<AbstractInsnNode, BitSet> pendingAtSyncOrReturn = new IdentityHashMap<>();

    public PendingSpawns(MethodNode method, MethodScan scan) {
        InsnList insns = method.instructions;
        SpawnEffects effects = new SpawnEffects(scan);
        ControlFlow flow = new ControlFlow(method);
        BitSet[] in = new BitSet[flow.size()];
        Deque<Integer> work = new ArrayDeque<>();
        in[0] = new BitSet();
        work.add(0);
        while (!work.isEmpty()) {
            int i = work.poll();
            AbstractInsnNode insn = insns.get(i);
            BitSet overwritten = effects.overwritten(insn, in[i]);
            if (!overwritten.isEmpty()) {
                forgetAfterStore.computeIfAbsent(insn, k -> new BitSet()).or(overwritten);
            }
            BitSet out = effects.after(insn, in[i]);
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
        effects.sites().stream().filter(s -> s.destination().kind() == Destination.Kind.LOCAL)
                .forEach(s -> localSites.set(s.id()));
        for (int i = 0; i < in.length; i++) {
            AbstractInsnNode insn = insns.get(i);
            if (in[i] == null) {
                continue;
            }
            if (effects.isSync(insn) || insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
                pendingAtSyncOrReturn.put(insn, (BitSet) in[i].clone());
            }
            if (effects.isSync(insn)) {
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
        } else {
            BitSet rest = (BitSet) state.clone();
            rest.andNot(in[target]);
            if (!rest.isEmpty()) {
                in[target].or(state);
                work.add(target);
            }
        }
    }

    /** Local-destination sites whose result {@code sync} must copy into their local. */
    public BitSet copiesAt(MethodInsnNode sync) {
        return copiesAtSync.getOrDefault(sync, new BitSet());
    }

    /** Every site whose spawn may be pending at a sync() or return (empty where none may, or unreachable). */
    public BitSet pendingSites(AbstractInsnNode syncOrReturn) {
        return (BitSet) pendingAtSyncOrReturn.getOrDefault(syncOrReturn, new BitSet()).clone();
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
