package satin.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.runtime.node.FaultReport;
import satin.runtime.node.NodeFaults;
import satin.runtime.node.NodeReport;
import satin.runtime.node.RunReport;

/**
 * The statistics of a multi-node run as the command line shows them: a text table ({@code --stats}) and the same
 * as JSON ({@code --stats-json}); the meaning of every figure is in the runtime's README.
 */
final class RunReportFormat {

    private RunReportFormat() {
    }

    private static final String FORMAT =
            "%-10s %-8s %7s %12s %12s %10s %10s %11s %10s %11s %10s %9s %12s %9s %12s %8s %8s %9s %8s%n";

    /** The text table of {@code --stats}. */
    static String text(RunReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "satin statistics (%d nodes, %s, main ran %d ms):%n",
                report.nodes().size(), report.algorithm(), report.mainNanos() / 1_000_000));
        out.append(String.format(Locale.ROOT, FORMAT, "node", "cluster", "workers", "spawns", "jobs-exec",
                "lsteal-try", "lsteal-ok", "intra-try", "intra-ok", "inter-try", "inter-ok", "intra-msg",
                "intra-bytes", "inter-msg", "inter-bytes", "run-ms", "idle-ms", "swait-ms", "cpu-ms"));
        List<NodeReport> rows = new ArrayList<>(report.nodes());
        rows.add(report.total());
        for (NodeReport n : rows) {
            out.append(String.format(Locale.ROOT, FORMAT, n.node(), n.cluster(), n.workers(), n.spawns(),
                    n.jobsExecuted(), n.localStealAttempts(), n.localSteals(), n.intraClusterStealAttempts(),
                    n.intraClusterSteals(), n.interClusterStealAttempts(), n.interClusterSteals(),
                    n.intraClusterMessages(), n.intraClusterBytes(), n.interClusterMessages(), n.interClusterBytes(),
                    n.runNanos() / 1_000_000, n.idleNanos() / 1_000_000, n.stealWaitNanos() / 1_000_000,
                    n.processCpuNanos() / 1_000_000));
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

    private static final String FAULT_FORMAT = "%-10s %9s %9s %9s %9s %9s %9s %9s%n";

    /** The crash figures: lost nodes with detection times, then what each node did (see the runtime's README). */
    static String faults(FaultReport f) {
        StringBuilder out = new StringBuilder();
        if (!f.faultTolerant()) {
            return "fault tolerance: off (a lost node ends the run)\n";
        }
        if (f.lost().isEmpty()) {
            return "fault tolerance: on; nodes lost: none\n";
        }
        out.append(String.format(Locale.ROOT, "fault tolerance: on; nodes lost: %d%n", f.lost().size()));
        for (FaultReport.Loss l : f.lost()) {
            out.append(String.format(Locale.ROOT, "  %s: detected at epoch-ms %d (all live nodes knew %d ms later)%n",
                    l.node(), l.firstDetectedMillis(), l.lastDetectedMillis() - l.firstDetectedMillis()));
        }
        out.append(String.format(Locale.ROOT, FAULT_FORMAT, "node", "requeued", "redo-ms", "lost-ms", "salvaged",
                "reused", "saved-ms", "waited"));
        List<NodeFaults> rows = new ArrayList<>(f.nodes());
        rows.add(f.total());
        for (NodeFaults n : rows) {
            out.append(String.format(Locale.ROOT, FAULT_FORMAT, n.node(), n.requeued(), n.reExecutionNanos() / 1_000_000,
                    n.lostWorkNanos() / 1_000_000, n.salvaged(), n.reused(), n.reusedWorkNanos() / 1_000_000,
                    n.waited()));
        }
        return out.toString();
    }

    /** Writes the same as {@link #text} as JSON ({@code --stats-json}). */
    static void writeJson(RunReport report, Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("algorithm", report.algorithm());
        root.put("main_ms", report.mainNanos() / 1_000_000.0);
        root.set("nodes", mapper.valueToTree(report.nodes()));
        root.set("total", mapper.valueToTree(report.total()));
        root.set("breakdown", mapper.valueToTree(report.breakdown()));
        ObjectNode faults = mapper.createObjectNode();
        faults.put("fault_tolerant", report.faults().faultTolerant());
        faults.set("lost", mapper.valueToTree(report.faults().lost()));
        faults.set("nodes", mapper.valueToTree(report.faults().nodes()));
        faults.set("total", mapper.valueToTree(report.faults().total()));
        root.set("faults", faults);
        mapper.writeValue(file.toFile(), root);
    }
}
