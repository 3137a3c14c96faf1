package satin.cli.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the host JVMs of an experiment ({@link NodeHost}) are started: lean, because they share two cores with each
 * other, and the processor time a JVM spends starting or compiling is taken from the nodes' message handling.
 * <ul>
 *   <li>{@code -XX:TieredStopAtLevel=1}: C1 only; node code is message handling and waiting, C2's extra speed does not
 *       pay for its compile time in runs of seconds;</li>
 *   <li>{@code -XX:CICompilerCount=1}, serial GC (the launcher's default), small stacks, a heap that starts small: few
 *       threads, little memory; the heap may grow to 512 MB for the master, because the master of a ray tracer run
 *       holds the whole image's result bytes (48 MB for 4096 x 4096) and its children's while it combines them
 *       (measured: 160 MB was too little for GridLab CRS), and 32 MB for each other node the JVM hosts; a JVM of 4
 *       nodes or more starts with a young generation large enough for a measured tree ({@link #youngMegabytes});</li>
 *   <li>{@code -XX:-UsePerfData}: no shared-memory performance file per JVM;</li>
 *   <li>a class-data-sharing archive of the node's classes ({@link #archive}), made once per jar by a one-node run
 *       with {@code -XX:ArchiveClassesAtExit}: measured with 8 nodes on this machine, about 25% less processor time to
 *       start a node.</li>
 * </ul>
 */
final class NodeJvm {
    static final List<String> LEAN = List.of("-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:-UsePerfData",
            "-Xms16m", "-Xss512k", "-XX:+UseSerialGC");

    private NodeJvm() {
    }

    /** The archive for this JVM's class path (may not exist yet). */
    static Path archive() {
        String cp = System.getProperty("java.class.path");
        Path jar = Path.of(cp.split(java.io.File.pathSeparator)[0]);
        long stamp;
        try {
            stamp = Files.getLastModifiedTime(jar).toMillis();
        } catch (IOException e) {
            stamp = 0;
        }
        String key = Integer.toHexString((cp + stamp + System.getProperty("java.version")).hashCode());
        return Path.of(System.getProperty("java.io.tmpdir"), "satin-node-" + key + ".jsa");
    }

    /** The heap of a JVM that hosts {@code nodes} nodes: 512 MB for the master's, 32 MB more for each other. */
    static String heap(int nodes) {
        return "-Xmx" + (512 + 32 * Math.max(0, nodes - 1)) + "m";
    }

    /**
     * The young generation of a JVM that hosts {@code nodes} nodes, in MB (0: the JVM's default): 12 MB per node, at
     * most 512 MB, so that a measured tree allocates about one young generation or less (the virtual-work program
     * collects once between its warm-up and its measured tree). Why: a collection stops every node of the JVM, and
     * every worker whose wait ends during the pause wakes up late by the rest of it, so one pause of P costs about P
     * of overshoot per node. Measured with 32 nodes on this machine (ray tracer, 307,361 jobs, mean wait 1.2 ms): the
     * default young generation (24 MB) was collected every 1.6 s during the tree, 6-19 ms each. The old generation
     * starts at 128 MB, so that promotions at the end of a tree do not force a full collection (seen: 48-66 ms).
     */
    static int youngMegabytes(int nodes) {
        return nodes < 4 ? 0 : Math.min(512, 12 * nodes);
    }

    /** Options of every host JVM of {@code nodes} nodes; the archive is used when it exists. */
    static List<String> options(boolean useArchive, int nodes) {
        List<String> o = new ArrayList<>(LEAN);
        o.add(heap(nodes));
        int young = youngMegabytes(nodes);
        if (young > 0) {
            // the heap starts with the whole young generation (the JVM warns on standard output otherwise), touched
            // only as it is allocated
            o.remove("-Xms16m");
            o.add("-Xmn" + young + "m");
            o.add("-Xms" + (young + 128) + "m");
        }
        Path a = archive();
        if (useArchive && Files.isRegularFile(a)) {
            o.add("-XX:SharedArchiveFile=" + a);
            o.add("-Xlog:cds=off");
            o.add("-Xlog:cds+dynamic=off");
        }
        return o;
    }

    /** The options that make a node JVM write the archive when it exits. */
    static List<String> archiving() {
        List<String> o = new ArrayList<>(LEAN);
        o.add(heap(1));
        o.add("-XX:ArchiveClassesAtExit=" + archive());
        o.add("-Xlog:cds=off");
        o.add("-Xlog:cds+dynamic=off");
        return o;
    }
}
