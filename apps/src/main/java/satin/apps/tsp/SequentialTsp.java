package satin.apps.tsp;

/** The sequential baseline: the same split and bounds as {@link Tsp}, without Satin operations. */
public final class SequentialTsp {

    private SequentialTsp() {
    }

    static int search(DistanceTable table, int last, int visited, int length, int bound, int spawnDepth) {
        if (spawnDepth == 0 || visited == Tour.all(table.cities)) {
            return Tour.searchSequential(table, last, visited, length, bound);
        }
        int best = bound;
        int unvisited = ~visited & Tour.all(table.cities);
        while (unvisited != 0) {
            int next = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            int extended = length + table.between(last, next);
            if (!Tour.pruned(table, next, visited | (1 << next), extended, bound)) {
                best = Math.min(best, search(table, next, visited | (1 << next), extended, bound, spawnDepth - 1));
            }
        }
        return best;
    }

    public static int compute(DistanceTable table, int spawnDepth) {
        return search(table, 0, 1, 0, Tour.nearestNeighbour(table), spawnDepth);
    }
}
