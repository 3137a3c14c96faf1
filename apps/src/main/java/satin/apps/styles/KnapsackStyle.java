package satin.apps.styles;

import satin.SatinObject;

/** 0/1 knapsack by exhaustive search: both choices of each item spawned down to item {@code cutoff}. */
public final class KnapsackStyle extends SatinObject implements KnapsackStyleInter {

    @Override
    public long best(int[] weights, int[] values, int item, int capacity, int cutoff) {
        if (item >= cutoff) {
            return SequentialKnapsackStyle.best(weights, values, item, capacity);
        }
        long with = -1;
        if (weights[item] <= capacity) {
            with = best(weights, values, item + 1, capacity - weights[item], cutoff);
        }
        long without = best(weights, values, item + 1, capacity, cutoff);
        sync();
        return with < 0 ? without : Math.max(with + values[item], without);
    }

    public static long compute(int[] weights, int[] values, int capacity, int cutoff) {
        KnapsackStyle k = new KnapsackStyle();
        long result = k.best(weights, values, 0, capacity, cutoff);
        k.sync();
        return result;
    }
}
