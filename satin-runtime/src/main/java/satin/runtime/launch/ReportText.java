package satin.runtime.launch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.Figure;
import satin.runtime.node.report.Figures;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;
import satin.runtime.spawn.WorkerStatistics;

/**
 * The statistics of a run as text, the same for {@code satin run --stats} and {@code satin.stats=on}: a summary of a
 * few lines (time, jobs, steals per level, how busy each cluster was, and with the sequential time the speedup and
 * efficiency), and with {@link StatsDetail#FULL} every figure per worker of one JVM or per node of a pool, in tables
 * whose columns carry the names of the JSON ({@link Figures}). The meaning of every figure is in the module README.
 */
public final class ReportText {

    private ReportText() {
    }

    /** A run in one JVM: its header, the summary and, in full, one row per worker and a total row. */
    public static String oneJvm(List<WorkerStatistics> perWorker, long mainNanos, double sequentialSeconds,
            StatsDetail detail) {
        RunReport run = new RunReport("", mainNanos, List.of(NodeReport.ofWorkers("this JVM", perWorker)),
                sequentialSeconds);
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "satin statistics (%d workers, main ran %s):%n",
                perWorker.size(), duration(mainNanos)));
        out.append(summary(run, false));
        if (detail == StatsDetail.FULL) {
            out.append(workers(perWorker));
            out.append(breakdown(run));
        }
        return out.toString();
    }

    /** One row per worker and a total row, the columns named as the node table's (also for the benchmarks). */
    public static String workers(List<WorkerStatistics> perWorker) {
        List<NodeReport> rows = new ArrayList<>();
        perWorker.forEach(w -> rows.add(NodeReport.ofWorker(w)));
        NodeReport total = NodeReport.zero();
        for (NodeReport r : rows) {
            total = total.plus(r);
        }
        rows.add(total);
        return table("worker", rows, NodeReport::node, List.of(), Figures.ONE_JVM);
    }

    /** A pool's run: its header, the summary, the crash figures and, in full, every figure per node. */
    public static String nodes(RunReport report, StatsDetail detail) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "satin statistics (%d nodes, %s, main ran %s):%n", report.nodes().size(), report.algorithm(),
                duration(report.mainNanos())));
        out.append(summary(report, true));
        if (detail == StatsDetail.FULL) {
            List<NodeReport> rows = new ArrayList<>(report.nodes());
            rows.add(report.total());
            for (Figures.Group g : Figures.NODE) {
                out.append(table("node", rows, NodeReport::node,
                        g == Figures.JOBS ? List.of(cell("cluster", NodeReport::cluster)) : List.of(), g.figures()));
            }
        }
        out.append(faults(report.faults(), detail));
        if (detail == StatsDetail.FULL) {
            out.append(breakdown(report));
        }
        return out.toString();
    }

    /** The lines a person wants after a run; a pool's show the steals per level and each cluster. */
    private static String summary(RunReport run, boolean pool) {
        NodeReport t = run.total();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "  jobs      %d executed: %d queued (stealable), %d spawns inlined, "
                + "%d aborted%n", t.jobsExecuted(), t.spawns() - t.inlined(), t.inlined(), t.jobsAborted()));
        out.append(String.format(Locale.ROOT, "  steals    local %d/%d", t.localSteals(), t.localStealAttempts()));
        if (pool) {
            out.append(String.format(Locale.ROOT, ", intra-cluster %d/%d, wide-area %d/%d",
                    t.intraClusterSteals(), t.intraClusterStealAttempts(), t.interClusterSteals(),
                    t.interClusterStealAttempts()));
        }
        out.append(" (got a job / attempts)\n");
        List<String> busy = new ArrayList<>();
        for (RunReport.ClusterShare c : run.clusters()) {
            busy.add((pool ? c.cluster() + " " : "") + String.format(Locale.ROOT, "%.1f%%", 100 * c.busy()));
        }
        out.append("  busy      ").append(String.join(", ", busy))
                .append(pool ? " (efficiency per cluster: " : " (efficiency: ")
                .append("the workers' time not spent looking for work)\n");
        Map<String, Double> b = run.breakdown();
        if (!b.isEmpty()) {
            out.append(String.format(Locale.ROOT, "  speedup   %.2fx, efficiency %.1f%% (sequential time %s, %d workers)%n",
                    b.get("speedup"), 100 * b.get("efficiency"), duration((long) (b.get("sequentialMs") * 1e6)),
                    b.get("cpus").longValue()));
        }
        return out.toString();
    }

    /** The paper's breakdown (Table 4.5) when t_s is known. */
    private static String breakdown(RunReport run) {
        Map<String, Double> b = run.breakdown();
        if (b.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "efficiency %.1f%% (t_s %.3f s, t_p %.3f s on %d CPUs, t_perfect %.3f s)%n"
                        + "communication overhead %.1f%% (t_comm %.3f s), parallelization overhead %.1f%%%n",
                100 * b.get("efficiency"), b.get("sequentialMs") / 1e3, b.get("parallelMs") / 1e3,
                b.get("cpus").longValue(), b.get("perfectMs") / 1e3, 100 * b.get("communicationOverhead"),
                b.get("commMs") / 1e3, 100 * b.get("parallelizationOverhead"));
    }

    /** A text column that is not a figure (a name). */
    private record Cell<T>(String name, Function<T, String> value) {
    }

    private static <T> Cell<T> cell(String name, Function<T, String> value) {
        return new Cell<>(name, value);
    }

    /** A table: the row label, the extra text columns, then the figures; columns as wide as their widest cell. */
    private static <T> String table(String label, List<T> rows, Function<T, String> name, List<Cell<T>> cells,
            List<Figure<T>> figures) {
        List<List<String>> grid = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of(label));
        cells.forEach(c -> header.add(c.name()));
        figures.forEach(f -> header.add(f.name()));
        grid.add(header);
        for (T row : rows) {
            List<String> line = new ArrayList<>(List.of(name.apply(row)));
            cells.forEach(c -> line.add(c.value().apply(row)));
            figures.forEach(f -> line.add(f.text(row)));
            grid.add(line);
        }
        int[] width = new int[header.size()];
        for (List<String> line : grid) {
            for (int i = 0; i < line.size(); i++) {
                width[i] = Math.max(width[i], line.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> line : grid) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                boolean left = i <= cells.size();
                String v = line.get(i);
                String pad = " ".repeat(width[i] - v.length());
                l.append(i == 0 ? "" : "  ").append(left ? v + pad : pad + v);
            }
            out.append(l.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /** A duration for a person: milliseconds below 10 s, else seconds. */
    static String duration(long nanos) {
        return nanos < 10_000_000_000L ? String.format(Locale.ROOT, "%d ms", nanos / 1_000_000)
                : String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /**
     * The crash figures: lost nodes with the moments they were detected (ISO-8601, UTC), nodes that left or joined,
     * who ran {@code main} again when the master died, and in full what each node did (see the module README).
     */
    public static String faults(FaultReport f, StatsDetail detail) {
        if (!f.faultTolerant()) {
            return "fault tolerance: off (a lost node ends the run)\n";
        }
        String left = f.left().isEmpty() ? ""
                : String.format(Locale.ROOT, "; nodes left: %d (%s)", f.left().size(), String.join(", ", f.left()));
        left += f.joined().isEmpty() ? ""
                : String.format(Locale.ROOT, "; nodes joined: %d (%s)", f.joined().size(),
                        String.join(", ", f.joined()));
        String detection = f.detectionMillis() <= 0 ? ""
                : String.format(Locale.ROOT, "  detection time: %d ms (a node silent this long is dead; "
                        + "--detection-time)%n", f.detectionMillis());
        if (f.lost().isEmpty() && left.isEmpty()) {
            return "fault tolerance: on; nodes lost: none\n" + detection;
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "fault tolerance: on; nodes lost: %s%s%n",
                f.lost().isEmpty() ? "none" : Integer.toString(f.lost().size()), left));
        out.append(detection);
        boolean masterLost = false;
        for (FaultReport.Loss l : f.lost()) {
            out.append(String.format(Locale.ROOT, "  %s: detected at %s (all live nodes knew %d ms later)%n",
                    l.node(), Instant.ofEpochMilli(l.firstDetectedMillis()),
                    l.lastDetectedMillis() - l.firstDetectedMillis()));
            masterLost |= !f.master().isEmpty() && l.node().compareTo(f.master()) < 0;
        }
        if (masterLost) {
            out.append(String.format(Locale.ROOT, "  the master died: %s ran main again, reusing salvaged results%n",
                    f.master()));
        }
        if (detail == StatsDetail.FULL) {
            List<NodeFaults> rows = new ArrayList<>(f.nodes());
            rows.add(f.total());
            out.append(table("node", rows, NodeFaults::node, List.of(), Figures.FAULTS));
        }
        return out.toString();
    }
}
