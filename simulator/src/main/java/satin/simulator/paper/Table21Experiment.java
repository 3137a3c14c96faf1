package satin.simulator.paper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.SimulationConfig;
import satin.simulator.network.LinkSpec;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;

/**
 * The paper's Table 2.1: every application under RS and CRS, on one cluster of {@code nodes} CPUs and on
 * {@code clusters} clusters joined by each wide-area setting. The paper's values are attached to each row when
 * the configuration is the paper's own (64 CPUs).
 */
public final class Table21Experiment {
    /** Myrinet-class local network of the DAS clusters: 20 us one way, 50 MByte/s. */
    public static final LinkSpec DAS_LOCAL = LinkSpec.of(20_000, 50e6);

    public static final List<Table21Setting> PAPER_SETTINGS = List.of(Table21Setting.SINGLE,
            Table21Setting.wide(4, 20, 1000), Table21Setting.wide(4, 20, 100),
            Table21Setting.wide(4, 200, 1000), Table21Setting.wide(4, 200, 100));

    /** One cell of the table: simulated and (where known) paper run time and efficiency. */
    public record Row(String app, String policy, String setting, double runSeconds, double efficiency,
            double paperRunSeconds, double paperEfficiency, RunResult run) {
    }

    private final int nodes;
    private final List<Table21Setting> settings;
    private final List<TreeShape> apps;
    private final LinkSpec local;
    private final long seed;
    private final Path paperDataDir;
    private Engine engine = Engine.DEFAULT;

    public Table21Experiment(int nodes, List<Table21Setting> settings, List<TreeShape> apps, LinkSpec local, long seed, Path paperDataDir) {
        for (Table21Setting s : settings) {
            Platform.split(nodes, s.clusters(), local, local); // validates early, before any run
        }
        this.nodes = nodes;
        this.settings = List.copyOf(settings);
        this.apps = List.copyOf(apps);
        this.local = local;
        this.seed = seed;
        this.paperDataDir = paperDataDir;
    }

    /** Simulates with {@code engine} (default {@link Engine#DEFAULT}). */
    public Table21Experiment engine(Engine e) {
        this.engine = e;
        return this;
    }

    public static Table21Experiment paper(long seed) {
        return new Table21Experiment(64, PAPER_SETTINGS, PaperApps.ALL, DAS_LOCAL, seed, null);
    }

    public int runCount() {
        return apps.size() * settings.size() * BalancePolicies.values().length;
    }

    /** Runs every cell one after the other; {@code progress} gets a line before each run. */
    public List<Row> run(Consumer<String> progress) {
        return run(progress, 1);
    }

    /**
     * Runs every cell on {@code threads} threads. Each run is independent and deterministic, so the rows are the
     * same whatever the thread count; only the order of the progress lines changes.
     */
    public List<Row> run(Consumer<String> progress, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("need at least one thread, got " + threads);
        }
        CsvTable paper = nodes == 64 ? CsvTable.load(paperDataDir, "table-2.1.csv") : null;
        List<Callable<Row>> cells = new ArrayList<>();
        AtomicInteger started = new AtomicInteger();
        for (TreeShape app : apps) {
            for (BalancePolicies policy : BalancePolicies.values()) {
                for (Table21Setting setting : settings) {
                    cells.add(() -> {
                        progress.accept(String.format("[%d/%d] %s, %s, %s", started.incrementAndGet(), runCount(), app.name(), policy,
                                setting.label()));
                        RunResult r = runOne(app, policy, setting);
                        double[] p = paperValues(paper, app, policy, setting);
                        return new Row(app.name(), policy.name(), setting.label(), r.runSeconds(), r.efficiency(), p[0], p[1], r);
                    });
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Row> rows = new ArrayList<>();
            for (Future<Row> f : pool.invokeAll(cells)) {
                rows.add(f.get());
            }
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while simulating Table 2.1", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    public RunResult runOne(TreeShape app, BalancePolicies policy, Table21Setting setting) {
        LinkSpec wide = setting.isSingleCluster() ? local : setting.wideArea();
        Platform platform = Platform.split(nodes, setting.clusters(), local, wide);
        return engine.run(new SimulationConfig(platform, new SyntheticTree(app, seed), policy, seed));
    }

    /** The paper's run time and efficiency for one cell ({NaN, NaN} when the paper has none or {@code paper} is null). */
    static double[] paperValues(CsvTable paper, TreeShape app, BalancePolicies policy, Table21Setting setting) {
        if (paper == null || (!setting.isSingleCluster() && setting.clusters() != 4)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        for (List<String> row : paper.rows()) {
            if (row.get(paper.column("application")).equals(app.name()) && row.get(paper.column("algorithm")).equals(policy.name())) {
                String key = setting.csvKey();
                if (!paper.header().contains(key + "_time")) {
                    break;
                }
                return new double[] {paper.number(row, key + "_time"), paper.number(row, key + "_eff") / 100};
            }
        }
        return new double[] {Double.NaN, Double.NaN};
    }
}
