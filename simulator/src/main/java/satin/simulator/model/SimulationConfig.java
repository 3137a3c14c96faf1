package satin.simulator.model;

import satin.balance.BalancePolicies;
import satin.simulator.workload.Workload;

/**
 * Everything one simulated run depends on. Two runs with equal configurations produce equal results.
 *
 * @param controlBytes size of a steal request, an empty steal reply, and the header added to job and result
 *     messages
 * @param listener progress and job-execution callbacks; {@link SimulationListener#NONE} for none
 * @param wideAreaSyncAnswerDelayNanos how long a victim takes to take up a synchronous steal request from another
 *     cluster before it answers it (0: at once, the default); the victim answers with its deque as it is then. Not a
 *     network time: what the paper's GridLab counts imply an RS wide-area attempt cost beyond its round trip (see
 *     {@code satin.simulator.paper.PaperCosts}). Only synchronous requests: the same delay on CRS's asynchronous
 *     wide-area requests gives CRS three times the communication overhead the paper measured (14.4% against 6.4% by
 *     night), so the paper's CRS rules it out there.
 */
public record SimulationConfig(Platform platform, Workload workload, BalancePolicies policy, long seed, int controlBytes,
        SimulationListener listener, long wideAreaSyncAnswerDelayNanos) {
    public static final int DEFAULT_CONTROL_BYTES = 64;

    public SimulationConfig {
        if (controlBytes < 1) {
            throw new IllegalArgumentException("control messages need at least one byte, got " + controlBytes);
        }
        if (wideAreaSyncAnswerDelayNanos < 0) {
            throw new IllegalArgumentException("a steal request's answer delay cannot be negative, got " + wideAreaSyncAnswerDelayNanos + " ns");
        }
    }

    public SimulationConfig(Platform platform, Workload workload, BalancePolicies policy, long seed) {
        this(platform, workload, policy, seed, DEFAULT_CONTROL_BYTES, SimulationListener.NONE, 0);
    }

    public SimulationConfig withListener(SimulationListener l) {
        return new SimulationConfig(platform, workload, policy, seed, controlBytes, l, wideAreaSyncAnswerDelayNanos);
    }

    /** This configuration with victims taking {@code nanos} to take up a synchronous steal request from another cluster. */
    public SimulationConfig withWideAreaSyncAnswerDelay(long nanos) {
        return new SimulationConfig(platform, workload, policy, seed, controlBytes, listener, nanos);
    }
}
