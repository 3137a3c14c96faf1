package satin.rewriter.transform;

import java.util.Map;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.spawn.MethodScan;
import satin.rewriter.spawn.PendingSpawns;
import satin.rewriter.spawn.SpawnSite;

/** Public entry to the method transformation. */
public final class MethodRewriting {

    private MethodRewriting() {
    }

    public static void apply(MethodNode method, MethodScan scan, PendingSpawns pending,
                             Map<SpawnSite, RecordSpec> records) {
        new MethodTransformer(method, scan.sites(), records).transform(scan, pending);
    }
}
