package satin.cli.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.LinkedHashMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.paper.CsvTable;
import satin.simulator.paper.Table21Experiment;
import satin.simulator.paper.Table21Setting;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.TreeShape;
import satin.virtual.TreeSpec;

/**
 * {@code satin experiment table2.1}: the paper's Table 2.1 with the real runtime. Every cell (application x RS/CRS x
 * one cluster or 4 clusters under each wide-area setting) runs on {@code --nodes} node JVMs with the virtual-work
 * program, and is simulated for the same configuration and seed.
 */
@Command(name = "table2.1", mixinStandardHelpOptions = true,
        description = "Table 2.1 with the real runtime: RS and CRS for the paper's four applications on N node JVMs "
                + "(one cluster, and 4 clusters joined by emulated links of 20/200 ms round trip and 1000/100 KByte/s), "
                + "each cell beside the simulator's figure for the same configuration and seed and the paper's.")
final class Table21Emulation extends ExperimentBase {
    static final double DEFAULT_SCALE = 25;
    /**
     * Leaf grain in paper milliseconds. Coarser than the simulator's 100 ms default because every job of the
     * emulation costs real processor time for its spawn, sync and (when stolen) messages, shared by all node JVMs on
     * this machine's two cores; 2 s leaves give the trees about a tenth of the jobs (ai at 16 nodes: 8,889) and the
     * simulator's efficiency for them changes by less than a point (see the README).
     */
    static final double DEFAULT_LEAF_MS = 2000;

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Option(names = "--nodes", paramLabel = "N",
            defaultValue = "16", description = "Node JVMs (CPUs) per cell: 16, 32 or 64 (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--clusters", paramLabel = "C",
            defaultValue = "4", description = "Clusters in the wide-area settings (default: ${DEFAULT-VALUE}).")
    int clusters;

    @Option(names = "--apps", split = ",", paramLabel = "APP",
            description = "ai, nqueens, tsp, raytracer (default: all).")
    List<String> apps = List.of("ai", "nqueens", "tsp", "raytracer");

    @Option(names = "--settings", split = ",", paramLabel = "SETTING",
            description = "single, 20ms_1000KBs, 20ms_100KBs, 200ms_1000KBs, 200ms_100KBs (default: all five).")
    List<String> settingKeys;

    @Option(names = "--policies", split = ",", paramLabel = "RS|CRS", description = "Default: RS,CRS.")
    List<String> policies = List.of("RS", "CRS");

    /** One cell of the table. */
    record Cell(String app, String policy, String setting, double paperEfficiency, RunResult simulated,
            Repeated emulated) {
    }

    @Override
    Integer execute(PrintWriter out, PrintWriter err) throws Exception {
        options.validate(DEFAULT_SCALE);
        double loadAtStart = loadAverage();
        if (nodes < 1 || clusters < 1 || nodes % clusters != 0) {
            throw new IllegalArgumentException("--nodes " + nodes + " cannot be split into " + clusters + " equal clusters");
        }
        double scale = options.scale(DEFAULT_SCALE);
        List<Table21Setting> settings = settings();
        List<TreeShape> shapes = new ArrayList<>();
        for (String a : apps) {
            shapes.add(shape(PaperApps.byName(a)));
        }
        List<BalancePolicies> algs = policies.stream().map(BalancePolicies::parse).toList();
        Table21Experiment simulator = new Table21Experiment(nodes, settings, shapes, Table21Experiment.DAS_LOCAL,
                options.seed, null);
        CsvTable paper = CsvTable.load(null, "table-2.1.csv");
        long singles = settings.stream().filter(Table21Setting::isSingleCluster).count();
        int total = (int) (shapes.size() * (algs.size() * settings.size() - (algs.size() - 1) * singles) * options.repeat);
        ProgressLine progress = new ProgressLine(err, options.quiet, total);
        EmulatedRun.prepareArchive(options.transport);
        List<Cell> cells = new ArrayList<>();
        for (TreeShape shape : shapes) {
            Repeated singleCluster = null;
            for (BalancePolicies policy : algs) {
                for (Table21Setting setting : settings) {
                    RunResult sim = options.noSimulation ? null : simulator.runOne(shape, policy, setting);
                    if (setting.isSingleCluster() && singleCluster != null) {
                        // In one cluster RS and CRS send the same requests: CRS differs only across clusters. The run
                        // is made once per application and stands in both rows (the JSON says so).
                        cells.add(new Cell(shape.name(), policy.name(), setting.label(), paperEfficiency(paper, shape, policy,
                                setting), sim, singleCluster));
                        continue;
                    }
                    Platform platform = Platform.split(nodes, setting.clusters(), Table21Experiment.DAS_LOCAL,
                            setting.isSingleCluster() ? Table21Experiment.DAS_LOCAL : setting.wideArea());
                    List<EmulatedRun.Result> runs = new ArrayList<>();
                    for (int r = 0; r < options.repeat; r++) {
                        String what = String.format(Locale.ROOT, "%s %s %s%s", PaperApps.shortName(shape), policy,
                                setting.csvKey(), options.repeat > 1 ? " run " + (r + 1) : "");
                        progress.starting(what);
                        EmulatedRun.Result res = EmulatedRun.run(new EmulatedRun.Config(platform, TreeSpec.encode(shape),
                                shape.totalNanos(), policy, options.seed, scale), options.settings(),
                                jobs -> progress.jobsDone(jobs, sim == null ? 0 : sim.jobs()));
                        runs.add(res);
                        progress.finished(what, String.format(Locale.ROOT, "emulated %.1f%%%s", 100 * res.efficiency(),
                                sim == null ? "" : String.format(Locale.ROOT, ", simulated %.1f%%", 100 * sim.efficiency())));
                    }
                    Repeated emulated = Repeated.of(runs, false);
                    if (setting.isSingleCluster()) {
                        singleCluster = emulated;
                    }
                    cells.add(new Cell(shape.name(), policy.name(), setting.label(),
                            paperEfficiency(paper, shape, policy, setting), sim, emulated));
                }
            }
        }
        progress.end();
        print(out, cells, settings, scale);
        out.println(machineLine(loadAtStart));
        Map<String, Object> json = document("table2.1", options, scale, loadAtStart, cells, "nodes", nodes, "clusters", clusters);
        writeOutputs(options, json, out, dir -> ExperimentCharts.table21(cells, settings, nodes, dir));
        return 0;
    }

    /** The paper's shape with t_s scaled to this node count (so t_p stays the paper's) and the chosen leaf grain. */
    private TreeShape shape(TreeShape paperShape) {
        double leaf = options.leafMillis == null ? DEFAULT_LEAF_MS : options.leafMillis;
        return paperShape.withTotalNanos(Math.round(paperShape.totalNanos() * (nodes / 64.0)))
                .withLeafNanos(Math.round(leaf * 1e6));
    }

    private List<Table21Setting> settings() {
        List<Table21Setting> all = new ArrayList<>(List.of(Table21Setting.SINGLE));
        for (Table21Setting s : Table21Experiment.PAPER_SETTINGS) {
            if (!s.isSingleCluster()) {
                all.add(Table21Setting.wide(clusters, s.roundTripMillis(), s.kiloBytesPerSecond()));
            }
        }
        if (settingKeys == null) {
            return all;
        }
        List<Table21Setting> chosen = new ArrayList<>();
        for (String key : settingKeys) {
            chosen.add(all.stream().filter(s -> s.csvKey().equals(key.trim())).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("unknown setting '" + key + "' (expected one of "
                            + all.stream().map(Table21Setting::csvKey).toList() + ")")));
        }
        return chosen;
    }

    private static double paperEfficiency(CsvTable paper, TreeShape shape, BalancePolicies policy, Table21Setting s) {
        for (List<String> row : paper.rows()) {
            if (row.get(paper.column("application")).equals(shape.name()) && row.get(paper.column("algorithm")).equals(policy.name())
                    && paper.header().contains(s.csvKey() + "_eff")) {
                return paper.number(row, s.csvKey() + "_eff") / 100;
            }
        }
        return Double.NaN;
    }

    private static void print(PrintWriter out, List<Cell> cells, List<Table21Setting> settings, double scale) {
        out.printf(Locale.ROOT, "Table 2.1 with the real runtime: efficiency %% as emulated (median, spread) / simulated / paper; "
                + "time scale %s%n", scale);
        StringBuilder head = new StringBuilder(String.format("%-22s %-4s", "application", "alg"));
        for (Table21Setting s : settings) {
            head.append(String.format(" | %-26s", s.label()));
        }
        out.println(head);
        Map<String, List<Cell>> lines = new LinkedHashMap<>();
        for (Cell c : cells) {
            lines.computeIfAbsent(c.app() + "/" + c.policy(), k -> new ArrayList<>()).add(c);
        }
        double worstOvershoot = 0;
        double worstEarly = 0;
        for (List<Cell> line : lines.values()) {
            StringBuilder b = new StringBuilder(String.format("%-22s %-4s", line.get(0).app(), line.get(0).policy()));
            for (Table21Setting s : settings) {
                Cell c = line.stream().filter(x -> x.setting().equals(s.label())).findFirst().orElse(null);
                b.append(" | ").append(c == null ? String.format("%-26s", "") : String.format(Locale.ROOT, "%5.1f±%-4.1f %5s %5s",
                        100 * c.emulated().median().efficiency(), 100 * c.emulated().efficiencySpread(),
                        c.simulated() == null ? "-" : String.format(Locale.ROOT, "%.1f", 100 * c.simulated().efficiency()),
                        Double.isNaN(c.paperEfficiency()) ? "-" : String.format(Locale.ROOT, "%.1f", 100 * c.paperEfficiency())));
                if (c != null) {
                    worstOvershoot = Math.max(worstOvershoot, c.emulated().median().meanOvershootRatio());
                    worstEarly = Math.max(worstEarly, c.emulated().median().meanEarlyRatio());
                }
            }
            out.println(b);
        }
        out.printf(Locale.ROOT, "wait overshoot: at most %.2f%% of the waited time in any cell (mean per cell; waits ended"
                + " early, owed and paid by the next: at most %.2f%%)%n", 100 * worstOvershoot, 100 * worstEarly);
        if (settings.stream().anyMatch(Table21Setting::isSingleCluster) && lines.size() > 1) {
            out.println("single cluster: one emulated run per application, shown for RS and CRS (they differ only across clusters)");
        }
    }
}
