package satin.rewriter.spawn;

import java.util.BitSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * What one instruction does to the set of spawns that may be pending (spawned since the last sync()), shared by
 * the analyses over a method's control-flow graph ({@link PendingSpawns}, {@link ReadBeforeSync}). Sets hold spawn
 * site ids.
 * <ul>
 *   <li>a spawn site adds itself, and for a local destination ends the other sites writing that local;</li>
 *   <li>a sync() empties the set;</li>
 *   <li>an ordinary store into a local ends the sites writing that local (the rewritten code forgets their
 *       records, so a late result cannot overwrite the stored value);</li>
 *   <li>an ordinary load (or {@code iinc}) of such a local reads a value that is undefined until the sync.</li>
 * </ul>
 */
final class SpawnEffects {

    private final List<SpawnSite> sites;
    private final Map<AbstractInsnNode, SpawnSite> spawnAt = new IdentityHashMap<>();
    private final Set<AbstractInsnNode> siteStores = new HashSet<>();
    private final Set<AbstractInsnNode> syncs;

    SpawnEffects(MethodScan scan) {
        this.sites = scan.sites();
        for (SpawnSite site : sites) {
            spawnAt.put(site.call(), site);
            if (site.destination().kind() == Destination.Kind.LOCAL) {
                siteStores.add(site.store());
            }
        }
        this.syncs = new HashSet<>(scan.syncs());
    }

    List<SpawnSite> sites() {
        return sites;
    }

    boolean isSync(AbstractInsnNode insn) {
        return syncs.contains(insn);
    }

    /** The set after {@code insn}, given the set before it (not modified). */
    BitSet after(AbstractInsnNode insn, BitSet before) {
        BitSet out = (BitSet) before.clone();
        SpawnSite site = spawnAt.get(insn);
        if (site != null) {
            if (site.destination().kind() == Destination.Kind.LOCAL) {
                out.andNot(writers(out, site.destination().var(), site.destination().localSize()));
            }
            out.set(site.id());
        } else if (syncs.contains(insn)) {
            out.clear();
        } else if (isOrdinaryStore(insn)) {
            VarInsnNode v = (VarInsnNode) insn;
            out.andNot(writers(before, v.var, size(v.getOpcode())));
        }
        return out;
    }

    /** For an ordinary store, the pending sites whose local it overwrites (empty for anything else). */
    BitSet overwritten(AbstractInsnNode insn, BitSet before) {
        if (!isOrdinaryStore(insn)) {
            return new BitSet();
        }
        VarInsnNode v = (VarInsnNode) insn;
        return writers(before, v.var, size(v.getOpcode()));
    }

    /** For an ordinary load or {@code iinc}, the pending sites whose result it reads (empty for anything else). */
    BitSet read(AbstractInsnNode insn, BitSet before) {
        if (insn instanceof VarInsnNode v && !siteStores.contains(insn)
                && v.getOpcode() >= Opcodes.ILOAD && v.getOpcode() <= Opcodes.ALOAD) {
            return writers(before, v.var, size(v.getOpcode()));
        }
        if (insn instanceof IincInsnNode inc) {
            return writers(before, inc.var, 1);
        }
        return new BitSet();
    }

    /** The local a load, store or {@code iinc} names, or -1. */
    static int local(AbstractInsnNode insn) {
        if (insn instanceof VarInsnNode v) {
            return v.var;
        }
        if (insn instanceof IincInsnNode inc) {
            return inc.var;
        }
        return -1;
    }

    private boolean isOrdinaryStore(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return insn instanceof VarInsnNode && op >= Opcodes.ISTORE && op <= Opcodes.ASTORE && !siteStores.contains(insn);
    }

    private static int size(int opcode) {
        return opcode == Opcodes.LLOAD || opcode == Opcodes.DLOAD || opcode == Opcodes.LSTORE
                || opcode == Opcodes.DSTORE ? 2 : 1;
    }

    private BitSet writers(BitSet pending, int var, int size) {
        BitSet hit = new BitSet();
        for (int s = pending.nextSetBit(0); s >= 0; s = pending.nextSetBit(s + 1)) {
            if (sites.get(s).writesLocal(var, size)) {
                hit.set(s);
            }
        }
        return hit;
    }
}
