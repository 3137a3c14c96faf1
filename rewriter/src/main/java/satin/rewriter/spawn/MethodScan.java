package satin.rewriter.spawn;

import java.util.List;
import org.objectweb.asm.tree.MethodInsnNode;

/** The spawn sites, sync() calls and abort() calls of one method. */
public record MethodScan(List<SpawnSite> sites, List<MethodInsnNode> syncs, List<MethodInsnNode> aborts) {

    /** Whether the method neither spawns nor syncs (an abort() alone has nothing to cancel). */
    public boolean isEmpty() {
        return sites.isEmpty() && syncs.isEmpty();
    }
}
