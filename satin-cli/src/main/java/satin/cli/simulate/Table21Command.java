package satin.cli.simulate;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import satin.simulator.network.LinkSpec;
import satin.simulator.paper.Table21Experiment;
import satin.simulator.paper.Table21Setting;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.TreeShape;

/** {@code satin simulate table2.1}: the paper's Table 2.1, simulated, beside the paper's values. */
@Command(name = "table2.1", mixinStandardHelpOptions = true,
        description = "RS versus CRS for four applications on 64 CPUs: one cluster of 64, and 4 clusters of 16 joined by wide-area links of 20/200 ms round trip and 100/1000 KByte/s. Prints run time and efficiency next to the paper's values and, with --out, draws table-2.1.png.")
final class Table21Command extends GuardedCommand {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--nodes", paramLabel = "N",
            description = "Total CPUs (default: ${DEFAULT-VALUE}).", defaultValue = "64")
    int nodes;

    @Option(names = "--clusters", paramLabel = "C",
            description = "Clusters in the wide-area settings (default: ${DEFAULT-VALUE}).", defaultValue = "4")
    int clusters;

    @Option(names = "--latency", split = ",", paramLabel = "MS",
            description = "Wide-area round trips in ms (default: 20,200).")
    List<Double> latencies = List.of(20.0, 200.0);

    @Option(names = "--bandwidth", split = ",", paramLabel = "KB/s",
            description = "Wide-area bandwidths in KByte/s (default: 1000,100).")
    List<Double> bandwidths = List.of(1000.0, 100.0);

    @Option(names = "--workload", split = ",", paramLabel = "APP",
            description = "Applications: ai, nqueens, tsp, raytracer (default: all).")
    List<String> workloads = List.of("ai", "nqueens", "tsp", "raytracer");


    @Option(names = "--work-scale", paramLabel = "FACTOR",
            description = "Multiply every application's t_s (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    double workScale;

    @Mixin
    ShapeOptions shapeOptions = new ShapeOptions();

    @Option(names = "--threads", paramLabel = "N",
            description = "Simulate this many table cells in parallel; results do not depend on it (default: ${DEFAULT-VALUE}).",
            defaultValue = "1")
    int threads;

    @Override
    Integer execute() throws Exception {
        List<Table21Setting> settings = new ArrayList<>();
        settings.add(Table21Setting.SINGLE);
        for (double ms : latencies) {
            for (double kb : bandwidths) {
                settings.add(Table21Setting.wide(clusters, ms, kb));
            }
        }
        List<TreeShape> apps = new ArrayList<>();
        for (String w : workloads) {
            TreeShape shape = shapeOptions.apply(PaperApps.byName(w));
            if (workScale != 1) {
                shape = shape.withTotalNanos(Math.round(shape.totalNanos() * workScale));
            }
            apps.add(shape);
        }
        Table21Experiment experiment = new Table21Experiment(nodes, settings, apps, Table21Experiment.DAS_LOCAL, common.seed, common.paperData)
                .engine(common.engine());
        PrintWriter out = spec.commandLine().getOut();
        List<Table21Experiment.Row> rows = experiment.run(Progress.to(spec.commandLine().getErr(), common.quiet), threads);
        if (common.json) {
            Json.print(out, rows);
        } else {
            out.println(common.engineLine());
            Table21Report.print(out, rows, settings);
        }
        if (common.out != null) {
            (common.json ? spec.commandLine().getErr() : out).println("chart: " + Charts.table21(rows, settings, common.out));
        }
        out.flush();
        return 0;
    }
}
