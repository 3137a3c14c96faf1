package satin.cli.simulate;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.SimulationConfig;
import satin.simulator.network.LinkSpec;
import satin.simulator.paper.Table21Experiment;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TraceWorkload;
import satin.simulator.workload.Workload;
import satin.trace.TraceFormat;

/** {@code satin simulate run}: one configuration of your choice, synthetic or replayed from a trace. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Simulate one workload (a paper application or a trace recorded with --record-trace) on NODES nodes in CLUSTERS equal clusters under RS and/or CRS; prints run time, efficiency and communication statistics.")
final class RunCommand extends GuardedCommand {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--nodes", paramLabel = "N",
            description = "Total nodes (default: ${DEFAULT-VALUE}).", defaultValue = "64")
    int nodes;

    @Option(names = "--clusters", paramLabel = "C",
            description = "Equal clusters (default: ${DEFAULT-VALUE}).", defaultValue = "4")
    int clusters;

    @Option(names = "--latency", paramLabel = "MS",
            description = "Wide-area round trip in ms (default: ${DEFAULT-VALUE}).", defaultValue = "20")
    double latency;

    @Option(names = "--bandwidth", paramLabel = "KB/s",
            description = "Wide-area bandwidth in KByte/s (default: ${DEFAULT-VALUE}).", defaultValue = "1000")
    double bandwidth;

    @Option(names = "--jitter-ms", paramLabel = "MS",
            description = "Uniform extra wide-area delay up to this many ms (default: 0).", defaultValue = "0")
    double jitterMillis;

    @Option(names = "--loss", paramLabel = "FRACTION",
            description = "Wide-area loss probability per transmission (default: 0).", defaultValue = "0")
    double loss;

    @Option(names = "--policy", paramLabel = "RS|CRS", split = ",", description = "RS, CRS or both (default: RS,CRS).")
    List<String> policies = List.of("RS", "CRS");

    @Option(names = "--workload", paramLabel = "APP",
            description = "ai, nqueens, tsp or raytracer (default: ${DEFAULT-VALUE}).", defaultValue = "nqueens")
    String workload;

    @Mixin
    ShapeOptions shapeOptions = new ShapeOptions();

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Replay a recorded spawn-tree trace instead of a synthetic tree.")
    Path trace;

    @Option(names = "--spawn-overhead-us", paramLabel = "MICROS",
            description = "Extra cost per spawn when replaying a trace, in us (default: 0).", defaultValue = "0")
    double spawnOverheadMicros;

    @Override
    Integer execute() throws Exception {
        Workload w;
        if (trace != null) {
            if (!java.nio.file.Files.isRegularFile(trace)) {
                throw new IllegalArgumentException("trace file not found: " + trace);
            }
            w = new TraceWorkload(trace.getFileName().toString(), TraceFormat.read(trace), Math.round(spawnOverheadMicros * 1000));
        } else {
            w = new SyntheticTree(shapeOptions.apply(PaperApps.byName(workload)), common.seed);
        }
        LinkSpec wan = new LinkSpec(Math.round(latency * 1e6 / 2), bandwidth * 1000, Math.round(jitterMillis * 1e6), loss);
        Platform platform = Platform.split(nodes, clusters, Table21Experiment.DAS_LOCAL, wan);
        var progress = Progress.to(spec.commandLine().getErr(), common.quiet);
        List<RunResult> results = new ArrayList<>();
        for (String name : policies) {
            BalancePolicies p = BalancePolicies.parse(name);
            progress.accept(w.name() + ", " + p + ", " + nodes + " nodes in " + clusters + " clusters");
            results.add(common.engine().run(new SimulationConfig(platform, w, p, common.seed)));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            Json.print(out, results);
        } else {
            out.printf("%-5s %10s %7s %10s %10s %12s %10s %12s %10s%n", "alg", "t_p (s)", "eff%", "jobs", "steals", "intra msgs", "intra MB",
                    "inter msgs", "inter MB");
            for (RunResult r : results) {
                out.printf("%-5s %10.2f %7.1f %10d %10s %12d %10.2f %12d %10.2f%n", r.policy(), r.runSeconds(), 100 * r.efficiency(), r.jobs(),
                        r.stealSuccesses() + "/" + r.stealAttempts(), r.intraMessages(), r.intraBytes() / 1e6, r.interMessages(), r.interBytes() / 1e6);
            }
        }
        out.flush();
        return 0;
    }
}
