package satin.cli.experiment;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.ipl.wan.LinkParameters;
import satin.ipl.wan.WanProvider;
import satin.ipl.wan.WanTopology;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.network.LinkSpec;
import satin.simulator.network.Topology;
import satin.simulator.paper.GridLabExperiment;
import satin.simulator.paper.GridLabTestbed;
import satin.simulator.paper.PaperCosts;
import satin.simulator.paper.Table21Experiment;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.TreeShape;
import satin.simulator.workload.Workload;
import satin.virtual.TreeSpec;

/**
 * {@code satin experiment run}: one configuration of one's own, emulated and simulated: a synthetic tree or a recorded
 * trace on a WAN preset or topology file, with node speeds per cluster.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "One configuration, emulated on node JVMs and simulated: a tree (--tree APP[,key=value...]) or a "
                + "recorded trace (--trace FILE) on a WAN preset or topology file (--topology), N nodes in C clusters, "
                + "per-cluster speeds; prints both figures side by side.")
final class RunEmulation extends ExperimentBase {
    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Option(names = "--tree", defaultValue = "raytracer", paramLabel = "APP[,key=value...]",
            description = "A synthetic tree: ai, nqueens, tsp, raytracer, with TreeShape overrides (default: ${DEFAULT-VALUE}).")
    String tree;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Replay a trace recorded by satin run --record-trace instead.")
    Path trace;

    @Option(names = "--spawn-overhead-us", paramLabel = "MICROS",
            defaultValue = "0", description = "With --trace: cost per spawn in us (default: 0).")
    double spawnOverheadMicros;

    @Option(names = "--topology", defaultValue = "table2.1-20ms-1000KBs", paramLabel = "PRESET|FILE",
            description = "A WAN preset (satin wan lists them) or a topology file, at paper scale (default: ${DEFAULT-VALUE}). "
                    + "gridlab-day and gridlab-night bring the testbed's nodes and speeds and ignore --nodes/--clusters/--speeds.")
    String topology;

    @Option(names = "--nodes", paramLabel = "N",
            defaultValue = "8", description = "Node JVMs (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--clusters", paramLabel = "C",
            defaultValue = "2", description = "Clusters, in equal blocks of nodes (default: ${DEFAULT-VALUE}).")
    int clusters;

    @Option(names = "--speeds", split = ",", paramLabel = "SPEED",
            description = "Relative speed of the nodes of each cluster, in cluster order (default: all 1).")
    List<Double> speeds = new ArrayList<>();

    @Option(names = "--policies", split = ",", paramLabel = "RS|CRS", description = "Default: CRS.")
    List<String> policies = List.of("CRS");

    @Option(names = "--paper-costs", description = "With --topology gridlab-day or gridlab-night: every node pays the costs "
            + "the paper's GridLab tables imply (as satin experiment gridlab --paper-costs), emulated and simulated alike.")
    boolean paperCosts;

    @Override
    Integer execute(PrintWriter out, PrintWriter err) throws Exception {
        double scale = options.scale(10);
        double loadAtStart = loadAverage();
        options.validate(10);
        String spec;
        Workload workload;
        if (trace != null) {
            if (!Files.isRegularFile(trace)) {
                throw new IllegalArgumentException("trace file not found: " + trace);
            }
            spec = TreeSpec.trace(trace, Math.round(spawnOverheadMicros * 1000));
        } else {
            TreeShape shape = TreeSpec.shape(tree);
            if (options.leafMillis != null) {
                shape = shape.withLeafNanos(Math.round(options.leafMillis * 1e6));
            }
            spec = TreeSpec.encode(shape);
        }
        workload = TreeSpec.resolve(spec, options.seed);
        Platform platform = platform();
        EmulatedRun.Costs costs = EmulatedRun.Costs.NONE;
        if (paperCosts) {
            GridLabTestbed.Period period = gridLabPeriod();
            if (period == null) {
                throw new IllegalArgumentException("--paper-costs needs --topology gridlab-day or gridlab-night (they are the "
                        + "paper's GridLab costs), got " + topology);
            }
            PaperCosts derived = PaperCosts.derive(null, period, platform);
            out.println(derived.describe());
            costs = EmulatedRun.Costs.of(derived);
        }
        ProgressLine progress = new ProgressLine(err, options.quiet, policies.size() * options.repeat);
        EmulatedRun.prepareArchive(options.transport);
        List<Map<String, Object>> cells = new ArrayList<>();
        out.printf(Locale.ROOT, "%s on %d nodes in %d clusters (%s), time scale %s%n", workload.name(), platform.nodeCount(),
                platform.clusterCount(), topology, scale);
        out.printf("%-4s %-9s %12s %8s %8s %8s %10s %10s %12s %10s%n", "alg", "column", "t_p (s)", "eff %", "comm %", "par %",
                "intra msg", "inter msg", "inter MB", "overshoot");
        for (String name : policies) {
            BalancePolicies policy = BalancePolicies.parse(name);
            RunResult sim = options.noSimulation ? null
                    : GridLabExperiment.simulate(platform, workload, policy, options.seed, costs.cpuShare(),
                            costs.wideAreaSyncAnswerDelayNanos());
            List<EmulatedRun.Result> runs = new ArrayList<>();
            for (int r = 0; r < options.repeat; r++) {
                String what = policy + (options.repeat > 1 ? " run " + (r + 1) : "");
                progress.starting(what);
                EmulatedRun.Result res = EmulatedRun.run(new EmulatedRun.Config(platform, spec, workload.sequentialNanos(), policy,
                        options.seed, scale, costs), options.settings(),
                        jobs -> progress.jobsDone(jobs, sim == null ? 0 : sim.jobs()));
                runs.add(res);
                progress.finished(what, String.format(Locale.ROOT, "emulated %.1f%%", 100 * res.gridEfficiency()));
            }
            progress.end();
            Repeated rep = Repeated.of(runs, true);
            EmulatedRun.Result e = rep.median();
            out.printf(Locale.ROOT, "%-4s %-9s %12.3f %8.1f %8.1f %8.1f %10d %10d %12.2f %9.2f%%%n", policy, "emulated",
                    e.runSeconds() * scale, 100 * e.gridEfficiency(), 100 * e.commOverhead(), 100 * e.parOverhead(),
                    e.intraMessages(), e.interMessages(), e.interBytes() / 1e6, 100 * e.meanOvershootRatio());
            if (sim != null) {
                out.printf(Locale.ROOT, "%-4s %-9s %12.3f %8.1f %8.1f %8.1f %10d %10d %12.2f%n", policy, "simulated", sim.runSeconds(),
                        100 * sim.gridEfficiency(), 100 * sim.commOverhead(), 100 * sim.parOverhead(), sim.intraMessages(),
                        sim.interMessages(), sim.interBytes() / 1e6);
            }
            Map<String, Object> cell = new LinkedHashMap<>();
            cell.put("policy", policy.name());
            cell.put("simulated", sim);
            cell.put("emulated", rep);
            cells.add(cell);
        }
        out.println("(t_p in paper seconds: measured x S)");
        out.println(machineLine(loadAtStart));
        Map<String, Object> json = document("run", options, scale, loadAtStart, cells, "tree", spec, "topology", topology);
        writeOutputs(options, json, out, dir -> List.of());
        return 0;
    }

    /** The GridLab period of {@code --topology}, or null for another topology. */
    private GridLabTestbed.Period gridLabPeriod() {
        return switch (topology) {
            case "gridlab-day" -> GridLabTestbed.Period.DAY;
            case "gridlab-night" -> GridLabTestbed.Period.NIGHT;
            default -> null;
        };
    }

    /** The simulated platform of this configuration; the emulation is derived from it. */
    Platform platform() throws java.io.IOException {
        GridLabTestbed.Period period = gridLabPeriod();
        if (period != null) {
            return GridLabTestbed.platform(null, period, true, 1, 1);
        }
        if (nodes < 1 || clusters < 1 || nodes % clusters != 0) {
            throw new IllegalArgumentException("--nodes " + nodes + " cannot be split into " + clusters + " equal clusters");
        }
        if (!speeds.isEmpty() && speeds.size() != clusters) {
            throw new IllegalArgumentException("--speeds needs one speed per cluster (" + clusters + "), got " + speeds.size());
        }
        WanTopology wan = WanProvider.topology(topology);
        List<String> names = new ArrayList<>(wan.clusters());
        if (!names.isEmpty() && names.size() < clusters) {
            throw new IllegalArgumentException("topology " + topology + " declares " + names.size() + " clusters, fewer than --clusters "
                    + clusters);
        }
        for (int c = names.size(); c < clusters; c++) {
            names.add("cluster" + c);
        }
        names = names.subList(0, clusters);
        LinkSpec[] local = new LinkSpec[clusters];
        LinkSpec[][] wide = new LinkSpec[clusters][clusters];
        for (int a = 0; a < clusters; a++) {
            local[a] = Table21Experiment.DAS_LOCAL;
            for (int b = 0; b < clusters; b++) {
                if (a != b) {
                    LinkParameters p = wan.link(names.get(a), names.get(b));
                    wide[a][b] = new LinkSpec(p.latencyNanos(), Double.isInfinite(p.bytesPerSecond()) ? 1e12 : p.bytesPerSecond(),
                            p.jitterNanos(), p.loss());
                }
            }
        }
        double[] s = new double[nodes];
        for (int i = 0; i < nodes; i++) {
            s[i] = speeds.isEmpty() ? 1 : speeds.get(i / (nodes / clusters));
        }
        return new Platform(new Topology(ClusterMap.uniform(clusters, nodes / clusters), names, local, wide), s);
    }
}
