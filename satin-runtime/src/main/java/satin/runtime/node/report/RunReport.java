package satin.runtime.node.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statistics of a whole multi-node run: every node's {@link NodeReport}, their total, and, given the sequential
 * time {@code t_s}, the paper's efficiency and overhead breakdown with N = total workers (CPUs):
 * {@code t_perfect = t_s / N}, {@code efficiency = t_perfect / t_p}, communication overhead {@code = t_comm /
 * t_perfect} with {@code t_comm} the workers' mean idle time (waiting for work or for replies and results),
 * parallelization overhead {@code = (t_p - t_comm - t_perfect) / t_perfect}. Plain values: the command line
 * prints them as a table ({@code --stats}) or as JSON ({@code --stats-json}).
 *
 * @param sequentialSeconds {@code t_s}, or a negative value when unknown
 * @param faults            lost nodes and what the others did about them
 */
public record RunReport(String algorithm, long mainNanos, List<NodeReport> nodes, double sequentialSeconds,
                        FaultReport faults) {

    public RunReport {
        nodes = List.copyOf(nodes);
        faults = faults == null ? FaultReport.none() : faults;
    }

    /** A report without crash figures. */
    public RunReport(String algorithm, long mainNanos, List<NodeReport> nodes, double sequentialSeconds) {
        this(algorithm, mainNanos, nodes, sequentialSeconds, FaultReport.none());
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
}
