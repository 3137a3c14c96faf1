package satin.cli.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Options every experiment shares. */
final class ExperimentOptions {
    @Option(names = "--time-scale", paramLabel = "S", description = "Divide job times and link latencies by S and "
            + "multiply bandwidths by S; efficiencies do not change (default: the experiment's).")
    Double timeScale;

    @Option(names = "--repeat", paramLabel = "R",
            description = "Run every emulated cell R times and report the median and the spread; gridlab also the best "
                    + "run, the paper's own statistic (it printed the best of 3) (default: 1).")
    Integer repeatGiven;

    /** How many times each cell runs: {@code --repeat}, else the experiment's default (set by {@link #validate}). */
    int repeat;

    @Option(names = "--seed", paramLabel = "SEED",
            defaultValue = "1", description = "Seed of the trees and of the simulator (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write every cell (emulated, simulated, paper) as JSON to FILE.")
    Path json;

    @Option(names = "--out", paramLabel = "DIR", description = "Write PNG charts into DIR.")
    Path out;

    @Option(names = "--quiet", description = "No progress line on stderr.")
    boolean quiet;

    @Option(names = "--leaf-ms", paramLabel = "MS", description = "Leaf grain of the trees in paper milliseconds "
            + "(default: the experiment's); coarser leaves mean fewer, longer waits.")
    Double leafMillis;

    @Option(names = "--transport", paramLabel = "tcp|udp",
            defaultValue = "tcp", description = "IPL transport under the WAN emulation: tcp or udp (default: ${DEFAULT-VALUE}).")
    String transport;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "Longest wait of a node for another one (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--node-jvm-option", paramLabel = "OPT",
            description = "An extra option for every node JVM (repeatable).")
    List<String> nodeJvmOptions = new ArrayList<>();

    @Option(names = "--jvms", paramLabel = "K", defaultValue = "1",
            description = "Host JVMs per emulated run, each running its share of the nodes (whole clusters where "
                    + "possible; nodes talk through the IPL over loopback either way); 0: one per cluster "
                    + "(default: ${DEFAULT-VALUE}: measured the most faithful on two cores).")
    int jvms;

    @Option(names = "--timeline", paramLabel = "FILE", description = "Record each emulated run's timeline (Chrome "
            + "trace-event JSON, as satin run --trace) into FILE; with several runs, FILE's name gets the run's number "
            + "(FILE-2.json, ...). Open it in ui.perfetto.dev.")
    Path timeline;

    /** Emulated runs so far, numbering their timelines. */
    private int runs;

    @Option(names = "--keep-files", description = "Keep each cell's topology, statistics and ledgers (in the temporary directory).")
    boolean keepFiles;

    @Option(names = "--wide-area-paths", paramLabel = "shared|per-node", defaultValue = "shared",
            description = "shared: one emulated wide-area path per cluster pair for all nodes of the run, as the "
                    + "simulator has it; per-node: each node its own path to each cluster (default: ${DEFAULT-VALUE}).")
    String wideAreaPaths;

    @Option(names = "--no-simulation", description = "Do not run the simulator (the simulated column stays empty).")
    boolean noSimulation;

    void validate(double defaultScale) {
        validate(defaultScale, 1);
    }

    void validate(double defaultScale, int defaultRepeat) {
        repeat = repeatGiven == null ? defaultRepeat : repeatGiven;
        double s = scale(defaultScale);
        if (!(s > 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("--time-scale must be positive, got " + s);
        }
        if (repeat < 1) {
            throw new IllegalArgumentException("--repeat must be at least 1, got " + repeat);
        }
        if (!List.of("shared", "per-node").contains(wideAreaPaths)) {
            throw new IllegalArgumentException("--wide-area-paths must be shared or per-node, got '" + wideAreaPaths + "'");
        }
        if (!List.of("tcp", "udp").contains(transport)) {
            throw new IllegalArgumentException("--transport must be tcp or udp, got '" + transport + "'");
        }
        if (leafMillis != null && !(leafMillis > 0)) {
            throw new IllegalArgumentException("--leaf-ms must be positive, got " + leafMillis);
        }
        if (jvms < 0) {
            throw new IllegalArgumentException("--jvms must be 0 (one per cluster) or positive, got " + jvms);
        }
        if (timeoutSeconds < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 second");
        }
    }

    double scale(double defaultScale) {
        return timeScale == null ? defaultScale : timeScale;
    }

    /** The settings of the next emulated run (its own timeline file, when recording). */
    EmulatedRun.Settings settings() {
        Path file = null;
        if (timeline != null) {
            runs++;
            String name = timeline.getFileName().toString();
            String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
            file = runs == 1 ? timeline : timeline.resolveSibling(base + "-" + runs + ".json");
        }
        return new EmulatedRun.Settings(transport, timeoutSeconds, nodeJvmOptions, file, keepFiles, jvms,
                wideAreaPaths.equals("shared"));
    }
}
