package satin.trace;

/**
 * An immutable spawn tree (see the package overview for the meaning of the fields). Arrays are indexed by job id.
 */
public final class SpawnTrace {
    private final int[] parent;
    private final long[] ownNanos;
    private final int[] paramBytes;
    private final int[] resultBytes;

    /** Validates the tree shape and copies nothing: the caller hands over the arrays. */
    SpawnTrace(int[] parent, long[] ownNanos, int[] paramBytes, int[] resultBytes) {
        int n = parent.length;
        if (n == 0) {
            throw new IllegalArgumentException("a trace needs at least the root job");
        }
        if (ownNanos.length != n || paramBytes.length != n || resultBytes.length != n) {
            throw new IllegalArgumentException("trace arrays of different lengths");
        }
        if (parent[0] != -1) {
            throw new IllegalArgumentException("job 0 must be the root, but names parent " + parent[0]);
        }
        for (int i = 0; i < n; i++) {
            if (i > 0 && (parent[i] < 0 || parent[i] >= i)) {
                throw new IllegalArgumentException("job " + i + " names parent " + parent[i] + "; parents must be spawned earlier");
            }
            if (ownNanos[i] < 0 || paramBytes[i] < 0 || resultBytes[i] < 0) {
                throw new IllegalArgumentException("job " + i + " has a negative time or size");
            }
        }
        this.parent = parent;
        this.ownNanos = ownNanos;
        this.paramBytes = paramBytes;
        this.resultBytes = resultBytes;
    }

    /** Builds a trace from copies of the given arrays. */
    public static SpawnTrace of(int[] parent, long[] ownNanos, int[] paramBytes, int[] resultBytes) {
        return new SpawnTrace(parent.clone(), ownNanos.clone(), paramBytes.clone(), resultBytes.clone());
    }

    public int jobCount() {
        return parent.length;
    }

    /** Parent id, or -1 for the root. */
    public int parent(int job) {
        return parent[job];
    }

    public long ownNanos(int job) {
        return ownNanos[job];
    }

    public int paramBytes(int job) {
        return paramBytes[job];
    }

    public int resultBytes(int job) {
        return resultBytes[job];
    }

    /** Sum of all own times: the sequential run time t_s the trace stands for. */
    public long totalNanos() {
        long sum = 0;
        for (long t : ownNanos) {
            sum += t;
        }
        return sum;
    }
}
