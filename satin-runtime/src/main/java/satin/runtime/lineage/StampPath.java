package satin.runtime.lineage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Stamp} as plain data, root first, for the wire and for stored results: every step with the node that
 * spawned it, its index, the hash and the list of the queued indices before it.
 *
 * @param steps root first (the root job itself has no step)
 */
public record StampPath(List<Step> steps) {

    /**
     * One step: the record spawned at {@code index} in its parent's execution on node {@code owner}, after the parent
     * had queued the spawns at {@code queued} (sorted; {@code prefixHash} is their hash); {@code digest} is the
     * {@link ArgumentDigest} of its arguments when it is known (the record left its node), else 0.
     */
    public record Step(int owner, long index, long prefixHash, long[] queued, long digest) {
        public Step {
            Objects.requireNonNull(queued, "queued");
        }

        /** The same step with the digest of its arguments. */
        public Step withDigest(long argumentDigest) {
            return new Step(owner, index, prefixHash, queued, argumentDigest);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Step s && s.owner == owner && s.index == index && s.prefixHash == prefixHash
                    && Arrays.equals(s.queued, queued) && s.digest == digest;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(index) * 31 + Long.hashCode(prefixHash);
        }

        @Override
        public String toString() {
            return index + "@" + owner;
        }
    }

    public StampPath {
        steps = List.copyOf(steps);
    }

    /** The identity these steps denote. */
    public PathKey key() {
        long[] k = new long[2 * steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            k[2 * i] = steps.get(i).index;
            k[2 * i + 1] = steps.get(i).prefixHash;
        }
        return new PathKey(k);
    }

    /** The first {@code n} steps. */
    public StampPath prefix(int n) {
        return new StampPath(steps.subList(0, n));
    }

    /**
     * The node that re-executes the lost work above this job when the given nodes are gone: the owner of the lowest
     * step whose owner is still alive and that crossed to another node (the chain of custody goes owner to thief, so
     * that step's thief is gone), or {@link Stamp#MASTER} when no such step exists (the root is lost: the master,
     * old or new, runs {@code main} again).
     *
     * @param alive whether a node is a live member
     */
    public int reclaimer(java.util.function.IntPredicate alive) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            int owner = steps.get(i).owner;
            boolean crossed = i == steps.size() - 1 || steps.get(i + 1).owner != owner;
            if (crossed && owner != Stamp.MASTER && alive.test(owner)) {
                return owner;
            }
        }
        return Stamp.MASTER;
    }

    /** The same path with the digest of the last step's arguments (the record that leaves its node). */
    public StampPath withDigest(long argumentDigest) {
        List<Step> copy = new ArrayList<>(steps);
        copy.set(copy.size() - 1, copy.get(copy.size() - 1).withDigest(argumentDigest));
        return new StampPath(copy);
    }

    @Override
    public String toString() {
        return "root/" + String.join("/", steps.stream().map(Step::toString).toList());
    }
}
