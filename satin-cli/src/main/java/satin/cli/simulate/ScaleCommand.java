package satin.cli.simulate;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.SimulationConfig;
import satin.simulator.model.SimulationListener;
import satin.simulator.network.LinkSpec;
import satin.simulator.paper.Table21Experiment;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;

/**
 * {@code satin simulate scale}: how fast the simulator itself is. Simulates a large system (default 1,024 nodes in
 * 16 clusters, about 10 million jobs) and, as the baseline in the same run, the same tree on one node, which
 * measures the cost of generating and executing the jobs without any load balancing. Reports wall-clock times,
 * jobs per second and their ratio.
 */
@Command(name = "scale", aliases = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark: simulate N nodes in C clusters running a large job tree (default 1,024 nodes, 16 clusters, ~10 million jobs) and the same tree on one node as the baseline; report wall-clock figures.")
final class ScaleCommand extends GuardedCommand {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--nodes", paramLabel = "N",
            description = "Total nodes (default: ${DEFAULT-VALUE}).", defaultValue = "1024")
    int nodes;

    @Option(names = "--clusters", paramLabel = "C",
            description = "Clusters (default: ${DEFAULT-VALUE}).", defaultValue = "16")
    int clusters;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Approximate number of jobs (default: ${DEFAULT-VALUE}).", defaultValue = "10000000")
    long jobs;

    @Option(names = "--latency", paramLabel = "MS",
            description = "Wide-area round trip in ms (default: ${DEFAULT-VALUE}).", defaultValue = "20")
    double latency;

    @Option(names = "--bandwidth", paramLabel = "KB/s",
            description = "Wide-area bandwidth in KByte/s (default: ${DEFAULT-VALUE}).", defaultValue = "1000")
    double bandwidth;

    @Option(names = "--policy", paramLabel = "RS|CRS",
            description = "RS or CRS (default: ${DEFAULT-VALUE}).", defaultValue = "CRS")
    String policy;

    @Option(names = "--no-baseline", description = "Skip the one-node baseline.")
    boolean noBaseline;

    /** Binary tree with mildly irregular splits: leaves of about 30 ms, so ~2 jobs per 23 ms of work. */
    static TreeShape shapeFor(long jobs) {
        long leaf = 30_000_000L;
        long total = Math.max(leaf, Math.round(jobs * leaf * 0.32));
        return new TreeShape("scale benchmark", total, leaf, 2, 2, 0.5, 0.0, 64, 16, 0, 0);
    }

    @Override
    Integer execute() throws Exception {
        BalancePolicies p = BalancePolicies.parse(policy);
        TreeShape shape = shapeFor(jobs);
        PrintWriter err = spec.commandLine().getErr();
        var progress = Progress.to(err, common.quiet);
        Platform big = Platform.split(nodes, clusters, Table21Experiment.DAS_LOCAL, LinkSpec.fromRoundTrip(latency, bandwidth));
        progress.accept("simulating " + nodes + " nodes in " + clusters + " clusters, " + p + ", ~" + jobs + " jobs");
        Timed system = timed(big, shape, p, progress);
        Timed baseline = null;
        if (!noBaseline) {
            progress.accept("baseline: the same tree on one node");
            baseline = timed(Platform.homogeneous(1, 1, Table21Experiment.DAS_LOCAL, Table21Experiment.DAS_LOCAL), shape, p, progress);
        }
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("nodes", nodes);
        report.put("clusters", clusters);
        report.put("policy", p.name());
        report.put("engine", common.engine().label());
        report.put("jobs", system.result.jobs());
        report.put("wallSeconds", system.seconds);
        report.put("jobsPerWallSecond", system.result.jobs() / system.seconds);
        report.put("simulatedSeconds", system.result.runSeconds());
        report.put("efficiency", system.result.efficiency());
        report.put("messages", system.result.intraMessages() + system.result.interMessages());
        if (baseline != null) {
            report.put("baselineWallSeconds", baseline.seconds);
            report.put("baselineJobsPerWallSecond", baseline.result.jobs() / baseline.seconds);
            report.put("wallTimeRatioToBaseline", system.seconds / baseline.seconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            Json.print(out, report);
        } else {
            report.forEach((k, v) -> out.printf("%-26s %s%n", k, v instanceof Double d ? String.format("%.3f", d) : v));
        }
        out.flush();
        return 0;
    }

    private record Timed(RunResult result, double seconds) {
    }

    private Timed timed(Platform platform, TreeShape shape, BalancePolicies p, java.util.function.Consumer<String> progress) {
        SimulationListener listener = new SimulationListener() {
            @Override
            public void progress(long executed, long simulatedNanos) {
                progress.accept(String.format("  %,d jobs, simulated %.1f s", executed, simulatedNanos / 1e9));
            }
        };
        long start = System.nanoTime();
        RunResult r = common.engine().run(new SimulationConfig(platform, new SyntheticTree(shape, common.seed), p, common.seed).withListener(listener));
        return new Timed(r, (System.nanoTime() - start) / 1e9);
    }
}
