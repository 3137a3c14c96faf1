package satin.simulator.model;

import satin.balance.BalancePolicies;
import satin.simulator.workload.Workload;

/**
 * Everything one simulated run depends on. Two runs with equal configurations produce equal results.
 *
 * @param controlBytes size of a steal request, an empty steal reply, and the header added to job and result
 *     messages
 * @param listener progress and job-execution callbacks; {@link SimulationListener#NONE} for none
 */
public record SimulationConfig(Platform platform, Workload workload, BalancePolicies policy, long seed, int controlBytes,
        SimulationListener listener) {
    public static final int DEFAULT_CONTROL_BYTES = 64;

    public SimulationConfig {
        if (controlBytes < 1) {
            throw new IllegalArgumentException("control messages need at least one byte, got " + controlBytes);
        }
    }

    public SimulationConfig(Platform platform, Workload workload, BalancePolicies policy, long seed) {
        this(platform, workload, policy, seed, DEFAULT_CONTROL_BYTES, SimulationListener.NONE);
    }

    public SimulationConfig withListener(SimulationListener l) {
        return new SimulationConfig(platform, workload, policy, seed, controlBytes, l);
    }
}
