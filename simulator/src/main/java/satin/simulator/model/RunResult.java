package satin.simulator.model;

import java.util.List;

/**
 * Outcome of one simulated run. Times in seconds of simulated time.
 *
 * @param efficiency {@code t_s / (t_p * N)}, the paper's measure for homogeneous systems
 * @param perfectSeconds {@code t_s / sum of relative node speeds}
 * @param gridEfficiency {@code t_perfect / t_p}; equals {@code efficiency} when all speeds are 1
 * @param commSeconds speed-weighted mean time nodes spent not computing (waiting for steals, results, links)
 * @param parSeconds {@code t_p - t_comm - t_perfect}: the speed-weighted Satin overhead (spawns, syncs)
 * @param sites work done per cluster and each cluster's share of the compute power
 */
public record RunResult(String workload, String policy, int nodes, int clusters, long seed, long jobs,
        double sequentialSeconds, double runSeconds, double efficiency, double totalSpeed, double perfectSeconds,
        double gridEfficiency, double commSeconds, double commOverhead, double parSeconds, double parOverhead,
        long localStealAttempts, long localStealSuccesses, long wideStealAttempts, long wideStealSuccesses,
        long intraMessages, long intraBytes, long interMessages, long interBytes, List<SiteWork> sites) {

    /** Work done in one cluster. {@code workShare} and {@code powerShare} are fractions of the total. */
    public record SiteWork(String name, int nodes, double workSeconds, double workShare, double powerShare) {
    }

    public long stealAttempts() {
        return localStealAttempts + wideStealAttempts;
    }

    public long stealSuccesses() {
        return localStealSuccesses + wideStealSuccesses;
    }
}
