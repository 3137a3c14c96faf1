package satin.apps.tsp;

/**
 * The sequential twin of {@link SharedTsp}: the same search without Satin operations, with one bound that every
 * part of the search tightens (what the shared bound is on one worker). Returns {optimum, nodes expanded}.
 *
 * <p>It is {@link Incumbent#search} from the root: {@link SharedTsp}'s spawned levels visit the children in the same
 * order and prune with the same bound, so on one bound the split into spawned and sequential levels changes neither
 * the order nor the pruning, and the twin needs no spawn depth.
 */
public final class SequentialSharedTsp {

    private SequentialSharedTsp() {
    }

    public static long[] compute(DistanceTable table) {
        Incumbent.Local bound = new Incumbent.Local(Tour.nearestNeighbour(table));
        long expanded = Incumbent.search(table, bound, 0, 1, 0);
        return new long[] {bound.get(), expanded};
    }
}
