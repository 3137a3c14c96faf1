package satin.cli.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The flags a launcher gives every node JVM it starts, beside the user's own options. */
final class NodeJvmFlags {

    private static final Pattern COLLECTOR = Pattern.compile("-XX:\\+Use\\w*GC\\b");

    private NodeJvmFlags() {
    }

    /**
     * The node JVMs' flags: the user's options, after two defaults, each left out when they or the JVM's
     * environment variables already set it (the JVM refuses two collectors; an environment variable would lose
     * to the command line):
     * <ul>
     * <li>{@code -XX:+UseSerialGC}: the nodes share this machine's processors, and G1's parallel and concurrent GC
     * threads in one node take processors from the other nodes' workers (measured with satin bench nodes: less CPU
     * and wall time per run with the serial collector, whose pauses stop only the node's own threads);
     * <li>{@code -XX:CompileThresholdScaling=5}: a node compiles a method after five times the JVM's usual number of
     * calls or loop iterations. The JIT threads were a third of a node JVM's processor time in a short run, spent
     * mostly on start-up code (set-up, class initialization, the join) that runs a few hundred times and never
     * again; a hot method reaches the same compiled code a few milliseconds later. Measured in the module README:
     * {@code satin run --nodes 4 --clusters 2 fib 20} 0.3 s faster, {@code --nodes 2 nqueens 16} (5 s) no slower.
     * </ul>
     */
    static List<String> of(List<String> options, String... environment) {
        List<String> flags = new ArrayList<>();
        if (!chosen(COLLECTOR, options, environment)) {
            flags.add("-XX:+UseSerialGC");
        }
        if (!chosen(COMPILE_SCALING, options, environment)) {
            flags.add("-XX:CompileThresholdScaling=" + COMPILE_THRESHOLD_SCALING);
        }
        flags.addAll(options);
        return flags;
    }

    /** How much later than the JVM's default a node JIT-compiles (see {@link #of}). */
    static final int COMPILE_THRESHOLD_SCALING = 5;

    private static final Pattern COMPILE_SCALING = Pattern.compile("-XX:CompileThresholdScaling=");

    private static boolean chosen(Pattern flag, List<String> options, String... environment) {
        boolean chosen = options.stream().anyMatch(o -> flag.matcher(o).find());
        for (String env : environment) {
            chosen |= env != null && flag.matcher(env).find();
        }
        return chosen;
    }
}
