package satin.apps.tsp;

/**
 * The search kernel shared by both versions. A partial tour starts at city 0, ends at {@code last}, visits
 * the cities in the bit set {@code visited} and has length {@code length}. Its lower bound adds, for the
 * last city and every unvisited city, its cheapest outgoing edge: the rest of the tour leaves each of those
 * cities exactly once.
 */
final class Tour {

    private Tour() {
    }

    static int all(int cities) {
        return (1 << cities) - 1;
    }

    static int lowerBound(DistanceTable table, int last, int visited, int length) {
        int bound = length + table.cheapestEdge[last];
        int unvisited = ~visited & all(table.cities);
        while (unvisited != 0) {
            int city = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            bound += table.cheapestEdge[city];
        }
        return bound;
    }

    /** Whether no completion of the partial tour can be shorter than {@code bound}. */
    static boolean pruned(DistanceTable table, int last, int visited, int length, int bound) {
        return visited != all(table.cities) && lowerBound(table, last, visited, length) >= bound;
    }

    /** The length of the closed tour once every city is visited. */
    static int closed(DistanceTable table, int last, int length) {
        return length + table.between(last, 0);
    }

    /**
     * Depth-first branch and bound below a partial tour: the length of the shortest completion if it is
     * shorter than {@code bound}, otherwise {@code bound}. The bound tightens as better tours are found.
     */
    static int searchSequential(DistanceTable table, int last, int visited, int length, int bound) {
        if (visited == all(table.cities)) {
            return Math.min(bound, closed(table, last, length));
        }
        int best = bound;
        int unvisited = ~visited & all(table.cities);
        while (unvisited != 0) {
            int next = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            int extended = length + table.between(last, next);
            if (!pruned(table, next, visited | (1 << next), extended, best)) {
                best = searchSequential(table, next, visited | (1 << next), extended, best);
            }
        }
        return best;
    }

    /** The nearest-neighbour tour length: a tour that exists, so the optimum is at most this. */
    static int nearestNeighbour(DistanceTable table) {
        int visited = 1;
        int last = 0;
        int length = 0;
        for (int step = 1; step < table.cities; step++) {
            int nearest = -1;
            for (int city = 0; city < table.cities; city++) {
                if ((visited & (1 << city)) == 0
                        && (nearest < 0 || table.between(last, city) < table.between(last, nearest))) {
                    nearest = city;
                }
            }
            length += table.between(last, nearest);
            visited |= 1 << nearest;
            last = nearest;
        }
        return closed(table, last, length);
    }
}
