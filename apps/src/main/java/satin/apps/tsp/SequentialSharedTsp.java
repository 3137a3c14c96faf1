package satin.apps.tsp;

/**
 * The sequential twin of {@link SharedTsp}: the same split and kernel without Satin operations, with one bound that
 * every part of the search tightens (what the shared bound is on one worker). Returns {optimum, nodes expanded}.
 */
public final class SequentialSharedTsp {

    private SequentialSharedTsp() {
    }

    static long search(DistanceTable table, Incumbent.Local bound, int last, int visited, int length,
            int spawnDepth) {
        if (spawnDepth == 0 || visited == Tour.all(table.cities)) {
            return Incumbent.search(table, bound, last, visited, length);
        }
        long expanded = 1;
        int unvisited = ~visited & Tour.all(table.cities);
        while (unvisited != 0) {
            int next = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            int extended = length + table.between(last, next);
            if (!Tour.pruned(table, next, visited | (1 << next), extended, bound.get())) {
                expanded += search(table, bound, next, visited | (1 << next), extended, spawnDepth - 1);
            }
        }
        return expanded;
    }

    public static long[] compute(DistanceTable table, int spawnDepth) {
        Incumbent.Local bound = new Incumbent.Local(Tour.nearestNeighbour(table));
        long expanded = search(table, bound, 0, 1, 0, spawnDepth);
        return new long[] {bound.get(), expanded};
    }
}
