package satin.rewriter.transform;

import java.util.Map;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.hierarchy.ClassHierarchy;
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
    public static void apply(ClassNode host, ClassHierarchy hierarchy, MethodNode method, MethodScan scan,
                             PendingSpawns pending, Map<SpawnSite, RecordSpec> records) {
        apply(host, hierarchy, method, scan, pending, records, -1, Map.of(), false);
    }

    /**
     * As above for a method whose inlets {@link InletExpansion} expanded: {@code frame} is the frame local it used,
     * {@code inletGroups} the inlet group of each spawn call under an inlet. A method that gets a fast copy may get a
     * slow method added to {@code host} ({@link SlowMethod}), typed with {@code hierarchy}. With
     * {@code queueEverySpawn} (the method calls {@code abort()} outside its inlets) no spawn of the method runs as a
     * plain call: each is queued, as every spawn was in the original, so that {@code abort()} finds them not yet run.
     */
    public static void apply(ClassNode host, ClassHierarchy hierarchy, MethodNode method, MethodScan scan,
                             PendingSpawns pending, Map<SpawnSite, RecordSpec> records, int frame,
                             Map<org.objectweb.asm.tree.MethodInsnNode, Integer> inletGroups,
                             boolean queueEverySpawn) {
        String owner = host.name;
        AbstractInsnNode thisInitialised = ConstructorStart.of(owner, method);
        if (method.name.equals("<init>") && thisInitialised == null) {
            throw new IllegalStateException("constructor of " + owner + " without a super(...)/this(...) call");
        }
        new MethodTransformer(host, hierarchy, method, thisInitialised, scan.sites(), records, frame, inletGroups,
                !scan.aborts().isEmpty(), queueEverySpawn).transform(scan, pending);
    }
}
