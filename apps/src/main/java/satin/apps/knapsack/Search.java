package satin.apps.knapsack;

/**
 * The branch-and-bound kernel shared by both versions. A node has decided items {@code [0, item)}, has
 * {@code room} capacity left and {@code value} packed. Its upper bound is Dantzig's: fill the room greedily
 * in density order, the first item that does not fit taken fractionally.
 */
final class Search {

    private Search() {
    }

    /** An upper bound on the value of any completion of the node (rounded down: values are integers). */
    static long upperBound(Items items, int item, int room, long value) {
        long bound = value;
        int left = room;
        for (int i = item; i < items.weights.length; i++) {
            if (items.weights[i] <= left) {
                left -= items.weights[i];
                bound += items.values[i];
            } else {
                return bound + (long) items.values[i] * left / items.weights[i];
            }
        }
        return bound;
    }

    /** Whether no completion of the node can beat {@code best}. */
    static boolean pruned(Items items, int item, int room, long value, long best) {
        return upperBound(items, item, room, value) <= best;
    }

    /**
     * Depth-first branch and bound: the best packed value below the node if it exceeds {@code best},
     * otherwise {@code best}. Takes the item first (greedy order finds good packings early).
     */
    static long searchSequential(Items items, int item, int room, long value, long best) {
        if (item == items.weights.length) {
            return Math.max(best, value);
        }
        if (pruned(items, item, room, value, best)) {
            return best;
        }
        long result = best;
        if (items.weights[item] <= room) {
            result = searchSequential(items, item + 1, room - items.weights[item], value + items.values[item], result);
        }
        return searchSequential(items, item + 1, room, value, result);
    }

    /** The greedy packing in density order: a feasible value, so the optimum is at least this. */
    static long greedy(Items items) {
        long value = 0;
        int room = items.capacity;
        for (int i = 0; i < items.weights.length; i++) {
            if (items.weights[i] <= room) {
                room -= items.weights[i];
                value += items.values[i];
            }
        }
        return value;
    }

    /** The exact optimum by dynamic programming over capacities: O(items x capacity), the independent check. */
    static long dynamicProgramming(Items items) {
        long[] best = new long[items.capacity + 1];
        for (int i = 0; i < items.weights.length; i++) {
            for (int room = items.capacity; room >= items.weights[i]; room--) {
                best[room] = Math.max(best[room], best[room - items.weights[i]] + items.values[i]);
            }
        }
        return best[items.capacity];
    }
}
