package satin.rewriter.transform;

import java.util.Map;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.spawn.ConstructorStart;
import satin.rewriter.spawn.MethodScan;
import satin.rewriter.spawn.PendingSpawns;
import satin.rewriter.spawn.SpawnSite;

/** Public entry to the method transformation. */
public final class MethodRewriting {

    private MethodRewriting() {
    }

    /**
     * Rewrites {@code method} of class {@code owner}; a constructor must have a {@code super(...)}/{@code this(...)}
     * call that {@link ConstructorStart} finds (the site finder reports one that does not).
     */
    public static void apply(String owner, MethodNode method, MethodScan scan, PendingSpawns pending,
                             Map<SpawnSite, RecordSpec> records) {
        AbstractInsnNode thisInitialised = ConstructorStart.of(owner, method);
        if (method.name.equals("<init>") && thisInitialised == null) {
            throw new IllegalStateException("constructor of " + owner + " without a super(...)/this(...) call");
        }
        new MethodTransformer(method, thisInitialised, scan.sites(), records).transform(scan, pending);
    }
}
