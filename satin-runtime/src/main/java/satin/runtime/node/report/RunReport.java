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

    /**
     * The breakdown, or an empty map without {@code t_s}. Keys (as in the JSON): sequentialMs ({@code t_s}),
     * parallelMs ({@code t_p}), cpus (N), perfectMs, commMs, speedup ({@code t_s / t_p}), efficiency,
     * communicationOverhead, parallelizationOverhead.
     */
    public Map<String, Double> breakdown() {
        Map<String, Double> out = new LinkedHashMap<>();
        long workers = total().workers();
        if (sequentialSeconds < 0 || workers == 0 || mainNanos == 0) {
            return out;
        }
        double tp = mainNanos / 1e9;
        double perfect = sequentialSeconds / workers;
        double comm = total().idleNanos() / 1e9 / workers;
        out.put("sequentialMs", sequentialSeconds * 1e3);
        out.put("parallelMs", tp * 1e3);
        out.put("cpus", (double) workers);
        out.put("perfectMs", perfect * 1e3);
        out.put("commMs", comm * 1e3);
        out.put("speedup", sequentialSeconds / tp);
        out.put("efficiency", perfect / tp);
        out.put("communicationOverhead", comm / perfect);
        out.put("parallelizationOverhead", (tp - comm - perfect) / perfect);
        return out;
    }

    /**
     * A cluster's share of the run: its nodes and workers, and how busy its workers were (the fraction of their
     * lifetimes not spent looking for work), the efficiency per cluster that needs no sequential time.
     */
    public record ClusterShare(String cluster, int nodes, long workers, double busy) {
    }

    /** Per cluster, in the order the clusters' first nodes come. */
    public List<ClusterShare> clusters() {
        Map<String, NodeReport> sums = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, Double> lifetimes = new LinkedHashMap<>();
        for (NodeReport n : nodes) {
            sums.merge(n.cluster(), n, NodeReport::plus);
            counts.merge(n.cluster(), 1, Integer::sum);
            lifetimes.merge(n.cluster(), (double) n.runNanos() * n.workers(), Double::sum);
        }
        List<ClusterShare> out = new java.util.ArrayList<>();
        sums.forEach((cluster, sum) -> {
            double lifetime = lifetimes.get(cluster);
            out.add(new ClusterShare(cluster, counts.get(cluster), sum.workers(),
                    lifetime <= 0 ? 0 : Math.max(0, 1 - sum.idleNanos() / lifetime)));
        });
        return out;
    }
}
