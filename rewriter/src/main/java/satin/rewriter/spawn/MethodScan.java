package satin.rewriter.spawn;

import java.util.List;
import org.objectweb.asm.tree.MethodInsnNode;

/** The spawn sites and sync() calls of one method. */
public record MethodScan(List<SpawnSite> sites, List<MethodInsnNode> syncs) {

    public boolean isEmpty() {
        return sites.isEmpty() && syncs.isEmpty();
    }
}
