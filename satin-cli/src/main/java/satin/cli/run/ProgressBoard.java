package satin.cli.run;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import satin.runtime.node.report.NodeProgress;

/**
 * The latest progress of every node of a run, and the one line that shows it: elapsed time, jobs done, successful
 * steals local (between the workers of a JVM) / intra-cluster / wide-area, and busy percentage per cluster. The busy
 * percentage of a live line is over the time since the previous line (what the cluster does now); the summary's is
 * over the whole run. Thread-safe: nodes report from the launcher's relay threads, a timer renders.
 */
final class ProgressBoard {
    private final long startNanos = System.nanoTime();
    private final boolean clusters;
    /** Node name -> its cluster and latest figures, in first-report order. */
    private final Map<String, Entry> nodes = new LinkedHashMap<>();
    /** Per cluster, the busy and worker time summed at the previous live line. */
    private Map<String, long[]> previous = Map.of();

    private record Entry(String cluster, NodeProgress progress) {
    }

    /** @param clusters whether to name the clusters and show intra-cluster and wide-area steals (multi-node runs) */
    ProgressBoard(boolean clusters) {
        this.clusters = clusters;
    }

    synchronized void report(String node, String cluster, NodeProgress progress) {
        nodes.put(node, new Entry(cluster, progress));
    }

    /** The live line: busy percentages since the previous call. */
    synchronized String line() {
        Map<String, long[]> now = perCluster();
        StringBuilder busy = new StringBuilder();
        for (Map.Entry<String, long[]> e : now.entrySet()) {
            long[] before = previous.getOrDefault(e.getKey(), new long[2]);
            busy(busy, e.getKey(), e.getValue()[0] - before[0], e.getValue()[1] - before[1]);
        }
        previous = now;
        return head() + busy;
    }

    /** The summary: busy percentages over the whole run. */
    synchronized String summary() {
        StringBuilder busy = new StringBuilder();
        for (Map.Entry<String, long[]> e : perCluster().entrySet()) {
            busy(busy, e.getKey(), e.getValue()[0], e.getValue()[1]);
        }
        return head() + busy;
    }

    private String head() {
        long jobs = 0;
        long local = 0;
        long intra = 0;
        long wide = 0;
        for (Entry e : nodes.values()) {
            jobs += e.progress().jobs();
            local += e.progress().localSteals();
            intra += e.progress().intraSteals();
            wide += e.progress().wideSteals();
        }
        long s = (System.nanoTime() - startNanos) / 1_000_000_000L;
        String steals = clusters
                ? String.format(Locale.ROOT, "steals local %,d / intra-cluster %,d / wide-area %,d", local, intra, wide)
                : String.format(Locale.ROOT, "steals %,d", local);
        return String.format(Locale.ROOT, "%d:%02d | %,d jobs | %s | busy", s / 60, s % 60, jobs, steals);
    }

    /** Cluster -> {busy ns, worker ns} summed over its nodes, clusters sorted by name. */
    private Map<String, long[]> perCluster() {
        Map<String, long[]> sums = new TreeMap<>();
        for (Entry e : nodes.values()) {
            long[] sum = sums.computeIfAbsent(e.cluster(), c -> new long[2]);
            sum[0] += e.progress().busyNanos();
            sum[1] += e.progress().workerNanos();
        }
        return sums;
    }

    private void busy(StringBuilder to, String cluster, long busyNanos, long workerNanos) {
        String pct = workerNanos <= 0 ? "-"
                : Math.round(100.0 * Math.max(0, Math.min(busyNanos, workerNanos)) / workerNanos) + "%";
        to.append(' ').append(clusters ? cluster + " " : "").append(pct);
    }
}
