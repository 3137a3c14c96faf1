package satin.runtime.lineage;

import java.util.Arrays;

/**
 * The identity of a queued record as a value: for every step from the root, its spawn index and the hash of the
 * queued indices before it (see the package overview). Equal keys denote the same call on every node.
 */
public final class PathKey {

    /** The root job's identity (the job running {@code main}). */
    public static final PathKey ROOT = new PathKey(new long[0]);

    private final long[] steps; // index, prefixHash, index, prefixHash, ...
    private final int hash;

    PathKey(long[] steps) {
        this.steps = steps;
        this.hash = Arrays.hashCode(steps);
    }

    /** Number of steps from the root. */
    public int depth() {
        return steps.length / 2;
    }

    long index(int step) {
        return steps[2 * step];
    }

    long prefixHash(int step) {
        return steps[2 * step + 1];
    }

    /** Whether this key is {@code other} or lies below it. */
    public boolean startsWith(PathKey other) {
        if (other.steps.length > steps.length) {
            return false;
        }
        for (int i = 0; i < other.steps.length; i++) {
            if (steps[i] != other.steps[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathKey k && k.hash == hash && Arrays.equals(k.steps, steps);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("root");
        for (int i = 0; i < depth(); i++) {
            b.append('/').append(index(i));
        }
        return b.toString();
    }
}
