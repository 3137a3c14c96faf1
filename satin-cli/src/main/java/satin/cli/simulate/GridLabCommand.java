package satin.cli.simulate;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import satin.simulator.model.RunResult;
import satin.simulator.paper.GridLabExperiment;
import satin.simulator.paper.GridLabTestbed;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.TreeShape;

/** {@code satin simulate gridlab --day|--night}: the paper's GridLab runs (Tables 4.5, 4.6, Fig. 4.2). */
@Command(name = "gridlab", mixinStandardHelpOptions = true,
        description = "The ray tracer on the paper's 40-CPU, 6-machine GridLab testbed (speeds and day/night latency and bandwidth matrices from the paper), RS and CRS plus the 25-node single-cluster baseline. Prints Table 4.5/4.6-style figures next to the paper's; with --out draws the work done per site against each site's share of the compute power (Fig. 4.2).")
final class GridLabCommand extends GuardedCommand {
    static final class PeriodChoice {
        @Option(names = "--day", required = true, description = "Daytime network matrix.")
        boolean day;

        @Option(names = "--night", required = true, description = "Nighttime network matrix.")
        boolean night;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    PeriodChoice period;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--workload", paramLabel = "APP",
            description = "Application tree (default: the 4096x4096 ray tracer).")
    String workload;

    @Mixin
    ShapeOptions shapeOptions = new ShapeOptions();

    @Option(names = "--latency-scale", paramLabel = "FACTOR",
            description = "Multiply all wide-area latencies (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    double latencyScale;

    @Option(names = "--bandwidth-scale", paramLabel = "FACTOR",
            description = "Multiply all wide-area bandwidths (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    double bandwidthScale;

    @Option(names = "--no-lossy-lecce",
            description = "Leave out the daytime misbehaviour the paper measured on the Amsterdam-Lecce link (round trips "
                    + "swinging from 44 ms to 3.5 s on every Lecce link, which share Lecce's access link; with --link-model "
                    + "steady: jitter up to 3.5 s and 23%% loss on the Amsterdam-Lecce links), which is modelled by default.")
    boolean noLossyLecce;

    @Option(names = "--link-model", paramLabel = "tcp|steady", defaultValue = "tcp",
            description = "Wide-area links: tcp (each a TCP path at its measured throughput, the loss that implies at its "
                    + "round trip, retransmission timeouts, slow start after idle) or steady (latency + size / "
                    + "bandwidth) (default: ${DEFAULT-VALUE}).")
    String linkModel;

    @Option(names = "--cpu-share", paramLabel = "F", defaultValue = "1",
            description = "Share of its measured speed (the paper's Table 4.4) each grid CPU delivers during the run, in "
                    + "(0, 1]; efficiency stays relative to the measured speeds, so the loss shows as parallelization "
                    + "overhead (default: ${DEFAULT-VALUE}).")
    double cpuShare;

    @Option(names = "--paper-costs",
            description = "Make the grid runs pay what the paper's own Tables 4.5/4.6 imply they paid beyond the network: "
                    + "every CPU at the share of its speed the paper's parallelization overheads imply (0.846), and a victim's "
                    + "answer to a synchronous (RS) wide-area steal request delayed by what an RS attempt cost the paper less "
                    + "the links' round trip (1.35 s by night, 0.69 s by day). Prints the derivation. Not with --cpu-share.")
    boolean paperCosts;

    @Override
    Integer execute() throws Exception {
        TreeShape shape = shapeOptions.apply(workload == null ? GridLabExperiment.RAY_TRACER_4096 : PaperApps.byName(workload));
        GridLabTestbed.Period p = period.day ? GridLabTestbed.Period.DAY : GridLabTestbed.Period.NIGHT;
        if (paperCosts && cpuShare != 1) {
            throw new IllegalArgumentException("--paper-costs sets the CPU share from the paper's tables; leave out --cpu-share");
        }
        GridLabExperiment experiment = new GridLabExperiment(p, shape, common.seed, common.paperData, !noLossyLecce, latencyScale,
                bandwidthScale).linkModel(GridLabTestbed.LinkModel.parse(linkModel)).cpuShare(cpuShare).paperCosts(paperCosts)
                .engine(common.engine());
        List<GridLabExperiment.Row> rows = experiment.run(Progress.to(spec.commandLine().getErr(), common.quiet));
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            Json.print(out, rows);
        } else {
            out.println(common.engineLine());
            GridLabReport.print(out, rows);
        }
        if (experiment.costs() != null) {
            PrintWriter to = common.json ? spec.commandLine().getErr() : out;
            to.println();
            to.println(experiment.costs().describe());
        }
        if (common.out != null) {
            List<RunResult> grid = rows.stream().filter(r -> !r.run().startsWith("single")).map(GridLabExperiment.Row::simulated).toList();
            String name = "gridlab-" + p.name().toLowerCase(java.util.Locale.ROOT) + "-work-per-site";
            (common.json ? spec.commandLine().getErr() : out).println("chart: " + Charts.workPerSite(grid, "Work per site vs compute power (" + rows.get(0).run() + ")", common.out, name));
        }
        out.flush();
        return 0;
    }
}
