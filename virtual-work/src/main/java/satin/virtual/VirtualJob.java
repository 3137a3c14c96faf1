package satin.virtual;

import satin.simulator.workload.SimJob;

/**
 * The parameters of one job: what the simulator's tree needs to know of a job to unfold its children, and a payload
 * of exactly the tree's parameter size, which travels with the job when it is stolen. Plain fields only (primitives
 * and a byte array), so it serializes without help.
 */
public final class VirtualJob {
    long work;
    long ownNanos;
    int childCount;
    long seed;
    double share;
    int depth;
    int resultBytes;
    byte[] payload;

    /** For serialization. */
    VirtualJob() {
    }

    /** The job the simulator's workload described in {@code job}. */
    static VirtualJob of(SimJob job) {
        VirtualJob v = new VirtualJob();
        v.work = job.work;
        v.ownNanos = job.ownNanos;
        v.childCount = job.childCount;
        v.seed = job.seed;
        v.share = job.share;
        v.depth = job.depth;
        v.resultBytes = job.resultBytes;
        v.payload = new byte[job.paramBytes];
        return v;
    }

    /** This job as the simulator's workload sees it, to ask for its children. */
    SimJob toSimJob() {
        SimJob s = new SimJob();
        s.work = work;
        s.ownNanos = ownNanos;
        s.childCount = childCount;
        s.seed = seed;
        s.share = share;
        s.depth = depth;
        s.resultBytes = resultBytes;
        s.paramBytes = payload == null ? 0 : payload.length;
        return s;
    }
}
