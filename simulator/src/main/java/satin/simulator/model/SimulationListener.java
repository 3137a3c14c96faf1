package satin.simulator.model;

import satin.simulator.workload.SimJob;

/** Optional observer of a run. Called on the simulating thread; must not modify the job. */
public interface SimulationListener {
    SimulationListener NONE = new SimulationListener() {
    };

    /** A job finished its own code on {@code node} (once per job). */
    default void jobExecuted(SimJob job, int node) {
    }

    /** Every {@link #PROGRESS_EVERY_JOBS} jobs: how far the run has come. */
    default void progress(long jobsExecuted, long simulatedNanos) {
    }

    long PROGRESS_EVERY_JOBS = 1L << 21;
}
