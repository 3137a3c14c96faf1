package satin.virtual;

/**
 * What a job returns: how many jobs its subtree had and how much own time (unscaled nanoseconds at speed 1) they
 * represent, so {@code main} checks that the whole tree ran exactly once; and a payload of exactly the tree's result
 * size, which travels back when the job ran on another node.
 */
public final class VirtualResult {
    long jobs;
    long workNanos;
    byte[] payload;

    /** For serialization. */
    VirtualResult() {
    }

    VirtualResult(long jobs, long workNanos, int payloadBytes) {
        this.jobs = jobs;
        this.workNanos = workNanos;
        this.payload = new byte[payloadBytes];
    }

    public long jobs() {
        return jobs;
    }

    public long workNanos() {
        return workNanos;
    }
}
