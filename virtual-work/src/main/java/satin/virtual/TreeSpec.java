package satin.virtual;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.TraceWorkload;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;
import satin.simulator.workload.Workload;
import satin.trace.TraceFormat;

/**
 * The tree of a virtual-work run as one string, the same on every node: either a synthetic shape,
 * {@code APP[,key=value...]} with APP one of the simulator's paper applications (ai, nqueens, tsp, raytracer) and
 * any {@link TreeShape} component overridden (e.g. {@code raytracer,leafNanos=400000000}), or a recorded trace,
 * {@code trace:FILE[,spawnOverheadNanos=N]}. {@link #encode(TreeShape)} writes every component, so a shape built
 * by a command is reproduced exactly on the nodes.
 *
 * <p>Resolved workloads are kept per JVM (the string and the seed are the key; workloads are immutable), so a
 * trace is read and indexed once per node, not once per job.
 */
public final class TreeSpec {
    private static final Map<String, Workload> RESOLVED = new ConcurrentHashMap<>();
    private static final String TRACE = "trace:";

    private TreeSpec() {
    }

    /** A spec naming every component of {@code shape} (its name must be one of the paper applications'). */
    public static String encode(TreeShape shape) {
        return PaperApps.shortName(shape) + ",totalNanos=" + shape.totalNanos() + ",leafNanos=" + shape.leafNanos()
                + ",minChildren=" + shape.minChildren() + ",maxChildren=" + shape.maxChildren()
                + ",irregularity=" + shape.irregularity() + ",ownFraction=" + shape.ownFraction()
                + ",paramBytes=" + shape.paramBytes() + ",resultBytes=" + shape.resultBytes()
                + ",sharedResultBytes=" + shape.sharedResultBytes() + ",spawnOverheadNanos=" + shape.spawnOverheadNanos();
    }

    /** A spec replaying the trace in {@code file} with {@code spawnOverheadNanos} per spawn. */
    public static String trace(Path file, long spawnOverheadNanos) {
        return TRACE + file.toAbsolutePath() + (spawnOverheadNanos == 0 ? "" : ",spawnOverheadNanos=" + spawnOverheadNanos);
    }

    /** The shape a synthetic spec stands for; fails for a trace spec or a malformed one. */
    public static TreeShape shape(String spec) {
        if (spec.startsWith(TRACE)) {
            throw new IllegalArgumentException("tree '" + spec + "' is a trace, not a synthetic shape");
        }
        String[] parts = spec.split(",");
        TreeShape shape = PaperApps.byName(parts[0].trim());
        for (int i = 1; i < parts.length; i++) {
            String[] kv = keyValue(parts[i], spec);
            shape = shape.with(kv[0], kv[1]);
        }
        return shape;
    }

    /** The workload of {@code spec} with {@code seed}, read and built once per JVM. */
    public static Workload resolve(String spec, long seed) {
        return RESOLVED.computeIfAbsent(seed + "/" + spec, k -> build(spec, seed));
    }

    private static Workload build(String spec, long seed) {
        if (!spec.startsWith(TRACE)) {
            return new SyntheticTree(shape(spec), seed);
        }
        String[] parts = spec.substring(TRACE.length()).split(",");
        long overhead = 0;
        for (int i = 1; i < parts.length; i++) {
            String[] kv = keyValue(parts[i], spec);
            if (!kv[0].equals("spawnOverheadNanos")) {
                throw new IllegalArgumentException("tree '" + spec + "': a trace takes only spawnOverheadNanos, got '" + kv[0] + "'");
            }
            overhead = Long.parseLong(kv[1]);
        }
        Path file = Path.of(parts[0]);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("trace file not found: " + file);
        }
        try {
            return new TraceWorkload(file.getFileName().toString(), TraceFormat.read(file), overhead);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + file + ": " + e.getMessage(), e);
        }
    }

    private static String[] keyValue(String part, String spec) {
        int eq = part.indexOf('=');
        if (eq <= 0 || eq == part.length() - 1) {
            throw new IllegalArgumentException("tree '" + spec + "': expected key=value, got '" + part + "'");
        }
        return new String[] {part.substring(0, eq).trim(), part.substring(eq + 1).trim()};
    }
}
