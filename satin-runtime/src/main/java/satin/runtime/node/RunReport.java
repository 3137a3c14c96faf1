package satin.runtime.node;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Statistics of a whole multi-node run: every node's {@link NodeReport}, their total, and, given the sequential
 * time {@code t_s}, the paper's efficiency and overhead breakdown with N = total workers (CPUs):
 * {@code t_perfect = t_s / N}, {@code efficiency = t_perfect / t_p}, communication overhead {@code = t_comm /
 * t_perfect} with {@code t_comm} the workers' mean idle time (waiting for work or for replies and results),
 * parallelization overhead {@code = (t_p - t_comm - t_perfect) / t_perfect}.
 *
 * @param sequentialSeconds {@code t_s}, or a negative value when unknown
 */
public record RunReport(String algorithm, long mainNanos, List<NodeReport> nodes, double sequentialSeconds) {

    public RunReport {
        nodes = List.copyOf(nodes);
    }

    public NodeReport total() {
        NodeReport t = NodeReport.zero();
        for (NodeReport n : nodes) {
            t = t.plus(n);
        }
        return t;
    }

    /** The breakdown, or an empty map without {@code t_s}. Keys: efficiency, t_perfect_s, t_comm_s, overheads. */
    public Map<String, Double> breakdown() {
        Map<String, Double> out = new LinkedHashMap<>();
        long workers = total().workers();
        if (sequentialSeconds < 0 || workers == 0 || mainNanos == 0) {
            return out;
        }
        double tp = mainNanos / 1e9;
        double perfect = sequentialSeconds / workers;
        double comm = total().idleNanos() / 1e9 / workers;
        out.put("sequential_s", sequentialSeconds);
        out.put("parallel_s", tp);
        out.put("cpus", (double) workers);
        out.put("t_perfect_s", perfect);
        out.put("t_comm_s", comm);
        out.put("efficiency", perfect / tp);
        out.put("communication_overhead", comm / perfect);
        out.put("parallelization_overhead", (tp - comm - perfect) / perfect);
        return out;
    }

    private static final String FORMAT =
            "%-10s %-8s %7s %12s %12s %10s %10s %11s %10s %11s %10s %9s %12s %9s %12s %8s %8s %9s %8s%n";

    /** The text table of {@code --stats}. */
    public String format() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "satin statistics (%d nodes, %s, main ran %d ms):%n", nodes.size(),
                algorithm, mainNanos / 1_000_000));
        out.append(String.format(Locale.ROOT, FORMAT, "node", "cluster", "workers", "spawns", "jobs-exec",
                "lsteal-try", "lsteal-ok", "intra-try", "intra-ok", "inter-try", "inter-ok", "intra-msg",
                "intra-bytes", "inter-msg", "inter-bytes", "run-ms", "idle-ms", "swait-ms", "cpu-ms"));
        List<NodeReport> rows = new ArrayList<>(nodes);
        rows.add(total());
        for (NodeReport n : rows) {
            out.append(String.format(Locale.ROOT, FORMAT, n.node(), n.cluster(), n.workers(), n.spawns(),
                    n.jobsExecuted(), n.localStealAttempts(), n.localSteals(), n.intraClusterStealAttempts(),
                    n.intraClusterSteals(), n.interClusterStealAttempts(), n.interClusterSteals(),
                    n.intraClusterMessages(), n.intraClusterBytes(), n.interClusterMessages(), n.interClusterBytes(),
                    n.runNanos() / 1_000_000, n.idleNanos() / 1_000_000, n.stealWaitNanos() / 1_000_000,
                    n.processCpuNanos() / 1_000_000));
        }
        Map<String, Double> b = breakdown();
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

    /** Writes the same as {@link #format()} as JSON. */
    public void writeJson(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("algorithm", algorithm);
        root.put("main_ms", mainNanos / 1_000_000.0);
        root.set("nodes", mapper.valueToTree(nodes));
        root.set("total", mapper.valueToTree(total()));
        root.set("breakdown", mapper.valueToTree(breakdown()));
        mapper.writeValue(file.toFile(), root);
    }
}
