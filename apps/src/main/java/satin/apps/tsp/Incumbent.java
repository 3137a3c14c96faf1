package satin.apps.tsp;

/**
 * The bound a sequential search prunes with, read at every node it expands: a job's own ({@link Local}, the
 * bound-as-parameter version) or the shared one ({@link Shared}, lowered on every node when a shorter tour is found).
 */
abstract class Incumbent {

    abstract int get();

    abstract void offer(int length);

    /** A bound this search alone tightens. */
    static final class Local extends Incumbent {
        private int best;

        Local(int initial) {
            best = initial;
        }

        @Override
        int get() {
            return best;
        }

        @Override
        void offer(int length) {
            best = Math.min(best, length);
        }
    }

    /** The shared bound: a shorter tour is written to every replica, and every replica's improvements are read. */
    static final class Shared extends Incumbent {
        private final Bound bound;

        Shared(Bound bound) {
            this.bound = bound;
        }

        @Override
        int get() {
            return bound.get();
        }

        @Override
        void offer(int length) {
            if (length < bound.get()) {
                bound.lower(length);
            }
        }
    }

    /**
     * Depth-first branch and bound below a partial tour, pruning with {@code incumbent}'s current value and offering
     * it every complete tour that is shorter; returns the number of search-tree nodes expanded.
     */
    static long search(DistanceTable table, Incumbent incumbent, int last, int visited, int length) {
        if (visited == Tour.all(table.cities)) {
            int closed = Tour.closed(table, last, length);
            if (closed < incumbent.get()) {
                incumbent.offer(closed);
            }
            return 1;
        }
        long expanded = 1;
        int unvisited = ~visited & Tour.all(table.cities);
        while (unvisited != 0) {
            int next = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            int extended = length + table.between(last, next);
            if (!Tour.pruned(table, next, visited | (1 << next), extended, incumbent.get())) {
                expanded += search(table, incumbent, next, visited | (1 << next), extended);
            }
        }
        return expanded;
    }
}
