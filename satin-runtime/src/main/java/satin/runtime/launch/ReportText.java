package satin.runtime.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;
import satin.runtime.spawn.WorkerStatistics;

/**
 * The statistics of a run as text tables, the same for {@code satin run --stats} and {@code satin.stats=on}: one
 * row per worker of one JVM, or one row per node of a pool; the meaning of every column is in the module README.
 */
public final class ReportText {

    private static final String WORKER_FORMAT = "%-7s %14s %14s %14s %14s %12s %10s %10s %10s %10s%n";
    private static final String NODE_FORMAT =
            "%-10s %-8s %7s %12s %12s %10s %10s %11s %10s %11s %10s %9s %12s %9s %12s %8s %8s %9s %8s %8s %10s %10s %10s %10s%n";

    private ReportText() {
    }

    /** One row per worker and a total row. */
    public static String workers(List<WorkerStatistics> perWorker) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, WORKER_FORMAT, "worker", "spawns", "inlined", "jobs-executed",
                "steal-attempts", "steals", "run-ms", "idle-ms", "aborted", "wasted-ms"));
        WorkerStatistics total = WorkerStatistics.zero();
        for (WorkerStatistics s : perWorker) {
            out.append(workerRow(Integer.toString(s.worker()), s));
            total = total.plus(s);
        }
        out.append(workerRow("total", total));
        return out.toString();
    }

    /** The header line of a one-JVM run's table. */
    public static String workersHeader(int workers, long mainMillis) {
        return String.format(Locale.ROOT, "satin statistics (%d workers, main ran %d ms):%n", workers, mainMillis);
    }

    private static String workerRow(String label, WorkerStatistics s) {
        return String.format(Locale.ROOT, WORKER_FORMAT, label, s.spawns(), s.spawnsInlined(), s.jobsExecuted(),
                s.stealAttempts(), s.steals(), s.runNanos() / 1_000_000, s.idleNanos() / 1_000_000, s.jobsAborted(),
                millis(s.wastedNanos()));
    }

    /** A header, one row per node and a total row, then the paper's efficiency breakdown when t_s is known. */
    public static String nodes(RunReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "satin statistics (%d nodes, %s, main ran %d ms):%n",
                report.nodes().size(), report.algorithm(), report.mainNanos() / 1_000_000));
        out.append(String.format(Locale.ROOT, NODE_FORMAT, "node", "cluster", "workers", "spawns", "jobs-exec",
                "lsteal-try", "lsteal-ok", "intra-try", "intra-ok", "inter-try", "inter-ok", "intra-msg",
                "intra-bytes", "inter-msg", "inter-bytes", "run-ms", "idle-ms", "swait-ms", "cpu-ms", "aborted",
                "wasted-ms", "sh-objects", "sh-writes", "sh-applied"));
        List<NodeReport> rows = new ArrayList<>(report.nodes());
        rows.add(report.total());
        for (NodeReport n : rows) {
            out.append(String.format(Locale.ROOT, NODE_FORMAT, n.node(), n.cluster(), n.workers(), n.spawns(),
                    n.jobsExecuted(), n.localStealAttempts(), n.localSteals(), n.intraClusterStealAttempts(),
                    n.intraClusterSteals(), n.interClusterStealAttempts(), n.interClusterSteals(),
                    n.intraClusterMessages(), n.intraClusterBytes(), n.interClusterMessages(), n.interClusterBytes(),
                    n.runNanos() / 1_000_000, n.idleNanos() / 1_000_000, n.stealWaitNanos() / 1_000_000,
                    n.processCpuNanos() / 1_000_000, n.jobsAborted(), millis(n.wastedNanos()), n.sharedObjects(),
                    n.sharedWrites(),
                    n.sharedApplied()));
        }
        out.append(faults(report.faults()));
        Map<String, Double> b = report.breakdown();
        if (!b.isEmpty()) {
            out.append(String.format(Locale.ROOT,
                    "efficiency %.1f%% (t_s %.3f s, t_p %.3f s on %d CPUs, t_perfect %.3f s); "
                            + "communication overhead %.1f%% (t_comm %.3f s), parallelization overhead %.1f%%%n",
                    100 * b.get("efficiency"), b.get("sequential_s"), b.get("parallel_s"), b.get("cpus").longValue(),
                    b.get("t_perfect_s"), 100 * b.get("communication_overhead"), b.get("t_comm_s"),
                    100 * b.get("parallelization_overhead")));
        }
        return out.toString();
    }

    /** Milliseconds with three decimals: wasted time is often well under a millisecond, and then not zero. */
    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    private static final String FAULT_FORMAT = "%-10s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s%n";

    /**
     * The crash figures: lost nodes with detection times, nodes that left, who ran {@code main} again when the master
     * died, then what each node did (see the module README).
     */
    public static String faults(FaultReport f) {
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
            out.append(String.format(Locale.ROOT, "  %s: detected at epoch-ms %d (all live nodes knew %d ms later)%n",
                    l.node(), l.firstDetectedMillis(), l.lastDetectedMillis() - l.firstDetectedMillis()));
            masterLost |= !f.master().isEmpty() && l.node().compareTo(f.master()) < 0;
        }
        if (masterLost) {
            out.append(String.format(Locale.ROOT, "  the master died: %s ran main again, reusing salvaged results%n",
                    f.master()));
        }
        out.append(String.format(Locale.ROOT, FAULT_FORMAT, "node", "requeued", "redo-ms", "lost-ms", "salvaged",
                "salv-ms", "orphans", "reused", "saved-ms", "waited", "late-ms"));
        List<NodeFaults> rows = new ArrayList<>(f.nodes());
        rows.add(f.total());
        for (NodeFaults n : rows) {
            out.append(String.format(Locale.ROOT, FAULT_FORMAT, n.node(), n.requeued(),
                    n.reExecutionNanos() / 1_000_000, n.lostWorkNanos() / 1_000_000, n.salvaged(),
                    n.salvagedWorkNanos() / 1_000_000, n.orphans(), n.reused(), n.reusedWorkNanos() / 1_000_000,
                    n.waited(), n.lateWorkNanos() / 1_000_000));
        }
        return out.toString();
    }
}
