package satin.simulator.paper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.SimulationConfig;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;
import satin.simulator.workload.Workload;

/**
 * The paper's GridLab runs (Tables 4.5 and 4.6, Fig. 4.2): the ray tracer on the 40-CPU testbed under RS and
 * CRS, by day or by night, plus the single-cluster RS baseline of 25 nodes, each beside the paper's figures.
 */
public final class GridLabExperiment {
    /**
     * Ray tracer, 4096 x 4096 pixels of 3 bytes; t_s = 13,564 s on one A'dam DAS-2 node (paper, Table 4.5). Each
     * stolen job carries 40 KB of parameters (the scene): with that, the simulated byte counts match the paper's
     * Table 4.6 (which smaller parameters do not). The spawn overhead is fitted to the paper's single-cluster
     * parallelization overhead of 1.9%, as Table 2.1's single-cluster column is fitted.
     */
    public static final TreeShape RAY_TRACER_4096 = PaperApps.RAY_TRACER.withTotalNanos(13_564_000_000_000L)
            .with("sharedResultBytes", Long.toString(4096L * 4096 * 3)).with("paramBytes", "40000")
            .with("spawnOverheadNanos", "138000").withLeafNanos(100_000_000L);

    /** One line of Tables 4.5/4.6 with the paper's line (null where the paper has none). */
    public record Row(String run, String policy, RunResult simulated, PaperRow paper) {
    }

    /** The paper's values for one run, as printed. */
    public record PaperRow(double runSeconds, double commSeconds, double commOverheadPct, double parSeconds, double parOverheadPct,
            double efficiencyPct, double intraMessages, double intraMB, double interMessages, double interMB) {
    }

    private final GridLabTestbed.Period period;
    private final TreeShape workload;
    private final long seed;
    private final Path dataDir;
    private final boolean lossyLecce;
    private final double latencyScale;
    private final double bandwidthScale;
    private GridLabTestbed.LinkModel linkModel = GridLabTestbed.LinkModel.STEADY;

    private double cpuShare = 1;
    private boolean paperCosts;
    private PaperCosts costs;
    private Engine engine = Engine.DEFAULT;

    /**
     * With {@code on}, the grid runs (not the baseline) pay what the paper's own tables imply they paid beyond the
     * network ({@link PaperCosts}: a CPU share, and a delay of the answer to a synchronous wide-area steal request),
     * instead of {@link #cpuShare(double)}.
     */
    /** Simulates with {@code e} (default {@link Engine#DEFAULT}). */
    public GridLabExperiment engine(Engine e) {
        this.engine = e;
        return this;
    }

    public GridLabExperiment paperCosts(boolean on) {
        this.paperCosts = on;
        return this;
    }

    /** The costs the last {@link #run} used with {@link #paperCosts(boolean)}, or null. */
    public PaperCosts costs() {
        return costs;
    }

    /**
     * The share of its measured speed (Table 4.4, one sequential run per machine) each grid CPU delivers during the
     * grid runs (default 1). Efficiencies and overheads stay relative to the measured speeds, as the paper's are: a
     * share below 1 shows up as parallelization overhead. Not applied to the single-cluster baseline.
     */
    public GridLabExperiment cpuShare(double share) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("the CPU share must be in (0, 1], got " + share);
        }
        this.cpuShare = share;
        return this;
    }

    /** The wide-area links' model (default {@code STEADY}). */
    public GridLabExperiment linkModel(GridLabTestbed.LinkModel model) {
        this.linkModel = model;
        return this;
    }

    public GridLabExperiment(GridLabTestbed.Period period, TreeShape workload, long seed, Path dataDir, boolean lossyLecce,
            double latencyScale, double bandwidthScale) {
        this.period = period;
        this.workload = workload;
        this.seed = seed;
        this.dataDir = dataDir;
        this.lossyLecce = lossyLecce;
        this.latencyScale = latencyScale;
        this.bandwidthScale = bandwidthScale;
    }

    public List<Row> run(Consumer<String> progress) {
        CsvTable paper = CsvTable.load(dataDir, "gridlab-results.csv");
        String runName = period == GridLabTestbed.Period.DAY ? "daytime" : "nighttime";
        Platform grid = GridLabTestbed.platform(dataDir, period, lossyLecce, latencyScale, bandwidthScale, linkModel);
        List<Row> rows = new ArrayList<>();
        costs = paperCosts ? PaperCosts.derive(dataDir, period, grid) : null;
        double share = costs == null ? cpuShare : costs.cpuShare();
        long delay = costs == null ? 0 : costs.wideAreaSyncAnswerDelayNanos();
        for (BalancePolicies policy : BalancePolicies.values()) {
            progress.accept("GridLab " + runName + ", " + policy + " (" + grid.nodeCount() + " CPUs, " + grid.clusterCount() + " sites)");
            RunResult result = simulate(engine, grid, new SyntheticTree(workload, seed), policy, seed, share, delay);
            rows.add(new Row(runName, policy.name(), result, paperRow(paper, runName, policy.name())));
        }
        String single = "single cluster 25 nodes";
        progress.accept("GridLab baseline: " + single + ", RS");
        rows.add(new Row(single, "RS", simulate(engine, GridLabTestbed.singleCluster(25), new SyntheticTree(workload, seed), BalancePolicies.RS,
                seed, 1, 0), paperRow(paper, single, "RS")));
        return rows;
    }

    private static Platform slowed(Platform p, double share) {
        double[] speeds = new double[p.nodeCount()];
        for (int i = 0; i < speeds.length; i++) {
            speeds[i] = p.speed(i) * share;
        }
        return new Platform(p.topology(), speeds);
    }

    /**
     * A run's figures against a sum of node speeds other than the one it ran at: t_perfect, efficiency and the
     * overheads change; the speed-weighted idle time does not (all speeds were scaled alike).
     */
    static RunResult atSpeeds(RunResult r, double totalSpeed) {
        double perfect = r.sequentialSeconds() / totalSpeed;
        double tp = r.runSeconds();
        double par = tp - r.commSeconds() - perfect;
        return new RunResult(r.workload(), r.policy(), r.nodes(), r.clusters(), r.seed(), r.jobs(), r.sequentialSeconds(), tp,
                r.efficiency(), totalSpeed, perfect, perfect / tp, r.commSeconds(), r.commSeconds() / perfect, par,
                par / perfect, r.localStealAttempts(), r.localStealSuccesses(), r.wideStealAttempts(), r.wideStealSuccesses(),
                r.intraMessages(), r.intraBytes(), r.interMessages(), r.interBytes(), r.sites());
    }

    /**
     * One simulated run of {@code workload} on {@code platform} whose CPUs deliver {@code cpuShare} of their speeds and
     * whose victims answer a synchronous wide-area steal request {@code wideAreaSyncAnswerDelay} ns late ({@link
     * PaperCosts}; 1 and 0: neither), reported against the platform's own speeds, as the paper reports against its
     * measured ones. The emulation ({@code satin experiment gridlab --paper-costs}) computes its simulated column so.
     */
    public static RunResult simulate(Platform platform, Workload workload, BalancePolicies policy, long seed, double cpuShare,
            long wideAreaSyncAnswerDelay) {
        return simulate(Engine.DEFAULT, platform, workload, policy, seed, cpuShare, wideAreaSyncAnswerDelay);
    }

    /** As {@link #simulate(Platform, Workload, BalancePolicies, long, double, long)}, with {@code engine}. */
    public static RunResult simulate(Engine engine, Platform platform, Workload workload, BalancePolicies policy, long seed,
            double cpuShare, long wideAreaSyncAnswerDelay) {
        if (!(cpuShare > 0 && cpuShare <= 1)) {
            throw new IllegalArgumentException("the CPU share must be in (0, 1], got " + cpuShare);
        }
        Platform run = cpuShare == 1 ? platform : slowed(platform, cpuShare);
        RunResult r = engine.run(new SimulationConfig(run, workload, policy, seed)
                .withWideAreaSyncAnswerDelay(wideAreaSyncAnswerDelay));
        return cpuShare == 1 ? r : atSpeeds(r, platform.totalSpeed());
    }

    /** The paper's row for {@code run} (nighttime, daytime, single cluster 25 nodes) and {@code policy}, or null. */
    public static PaperRow paperRow(CsvTable t, String run, String policy) {
        for (List<String> row : t.rows()) {
            if (row.get(t.column("run")).equals(run) && row.get(t.column("algorithm")).equals(policy)) {
                return new PaperRow(t.number(row, "run_time_s"), t.number(row, "comm_time_s"), t.number(row, "comm_overhead_pct"),
                        t.number(row, "par_time_s"), t.number(row, "par_overhead_pct"), t.number(row, "efficiency_pct"),
                        t.number(row, "intra_msgs"), t.number(row, "intra_MB"), t.number(row, "inter_msgs"), t.number(row, "inter_MB"));
            }
        }
        return null;
    }
}
