package satin.apps.knapsack;

/** The sequential baseline: the same split and bounds as {@link Knapsack}, without Satin operations. */
public final class SequentialKnapsack {

    private SequentialKnapsack() {
    }

    static long search(Items items, int item, int room, long value, long best, int spawnDepth) {
        if (spawnDepth == 0 || item == items.weights.length) {
            return Search.searchSequential(items, item, room, value, best);
        }
        if (Search.pruned(items, item, room, value, best)) {
            return best;
        }
        long taken = best;
        if (items.weights[item] <= room) {
            taken = search(items, item + 1, room - items.weights[item], value + items.values[item], best,
                    spawnDepth - 1);
        }
        return Math.max(taken, search(items, item + 1, room, value, best, spawnDepth - 1));
    }

    public static long compute(Items items, int spawnDepth) {
        return search(items, 0, items.capacity, 0, Search.greedy(items), spawnDepth);
    }

    /** The exact optimum by dynamic programming, independent of the search. */
    public static long dynamicProgramming(Items items) {
        return Search.dynamicProgramming(items);
    }
}
