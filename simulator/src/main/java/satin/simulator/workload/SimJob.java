package satin.simulator.workload;

/**
 * One live job of a simulated run: created when its parent spawns it, dropped once its result has been
 * delivered. Workloads fill the description fields; the simulator owns the execution fields. Only jobs that
 * are queued, running or waiting in a sync exist at any time, so a run of ten million jobs never holds more
 * than a few thousand of these.
 */
public final class SimJob {
    // description, filled by the workload
    /** Parent job, or null for the root. */
    public SimJob parent;
    /** Number of children this job spawns; 0 for a leaf. */
    public int childCount;
    /** Compute time of the job's own code (excluding children) on a node of speed 1.0. */
    public long ownNanos;
    /** Bytes of the parameters (sent when the job is stolen). */
    public int paramBytes;
    /** Bytes of the result (sent back when the job ran on a node other than its parent's). */
    public int resultBytes;

    // workload-private generator state
    public long seed;
    public long work;
    public double share;
    public int depth;

    // execution state, owned by the simulator
    /** Unique id in spawn order, assigned by the simulator. */
    public long id;
    /** Node that ran (or runs) this job, -1 before it starts. */
    public int node = -1;
    /** Children not yet completed. */
    public int pending;
}
