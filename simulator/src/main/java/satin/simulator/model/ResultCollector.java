package satin.simulator.model;

import java.util.ArrayList;
import java.util.List;
import satin.balance.ClusterMap;
import satin.simulator.network.Network;

/**
 * Turns the raw counters of a finished run into a {@link RunResult} with the paper's derived measures. Public for the
 * protocol engine ({@code satin.simulator.protocol}), whose runs report the same figures.
 */
public final class ResultCollector {
    private static final double NANOS = 1e9;

    /** One node's counters: time busy (own code and spawn overhead), work, and its steal attempts and successes. */
    public record NodeStats(long busyNanos, long overheadNanos, long workNanos, long localAttempts, long localSuccesses,
            long wideAttempts, long wideSuccesses) {
    }

    private ResultCollector() {
    }

    public static RunResult collect(SimulationConfig config, long finishedAt, long jobs, Network network, List<NodeStats> nodes) {
        Platform platform = config.platform();
        ClusterMap clusters = platform.topology().clusters();
        double tp = finishedAt / NANOS;
        double ts = config.workload().sequentialNanos() / NANOS;
        double totalSpeed = platform.totalSpeed();
        double perfect = ts / totalSpeed;
        double weightedIdle = 0;
        long la = 0, ls = 0, wa = 0, ws = 0;
        double[] clusterWork = new double[clusters.clusterCount()];
        double[] clusterPower = new double[clusters.clusterCount()];
        for (int i = 0; i < nodes.size(); i++) {
            NodeStats n = nodes.get(i);
            double speed = platform.speed(i);
            weightedIdle += speed * Math.max(0, finishedAt - n.busyNanos()) / NANOS;
            la += n.localAttempts();
            ls += n.localSuccesses();
            wa += n.wideAttempts();
            ws += n.wideSuccesses();
            clusterWork[clusters.clusterOf(i)] += n.workNanos() / NANOS;
            clusterPower[clusters.clusterOf(i)] += speed;
        }
        double comm = weightedIdle / totalSpeed;
        double par = tp - comm - perfect;
        List<RunResult.SiteWork> sites = new ArrayList<>();
        for (int c = 0; c < clusterWork.length; c++) {
            sites.add(new RunResult.SiteWork(platform.topology().clusterName(c), clusters.clusterSize(c), clusterWork[c],
                    clusterWork[c] / ts, clusterPower[c] / totalSpeed));
        }
        return new RunResult(config.workload().name(), config.policy().name(), platform.nodeCount(), clusters.clusterCount(),
                config.seed(), jobs, ts, tp, ts / (tp * platform.nodeCount()), totalSpeed, perfect, perfect / tp, comm,
                comm / perfect, par, par / perfect, la, ls, wa, ws, network.intraMessages(), network.intraBytes(),
                network.interMessages(), network.interBytes(), List.copyOf(sites));
    }
}
