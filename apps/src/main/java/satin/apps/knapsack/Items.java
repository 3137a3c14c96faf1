package satin.apps.knapsack;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;

/**
 * A 0/1 knapsack instance: item weights and values sorted by decreasing value per weight (ties by index),
 * and the capacity. Plain arrays, as it travels with every job. Values are strongly correlated with the
 * weights (value = weight + 10), which makes instances hard for branch and bound.
 */
public final class Items {

    final int[] weights;
    final int[] values;
    final int capacity;

    Items(int[] weights, int[] values, int capacity) {
        if (weights.length != values.length) {
            throw new IllegalArgumentException("weights and values differ in length");
        }
        Integer[] order = new Integer[weights.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // a/b > c/d  <=>  a*d > c*b for positive weights: exact, no floating point in the order.
        Comparator<Integer> denser = (i, j) ->
                Long.compare((long) values[j] * weights[i], (long) values[i] * weights[j]);
        Arrays.sort(order, denser.thenComparing(Comparator.naturalOrder()));
        this.weights = new int[weights.length];
        this.values = new int[values.length];
        for (int i = 0; i < order.length; i++) {
            this.weights[i] = weights[order[i]];
            this.values[i] = values[order[i]];
        }
        this.capacity = capacity;
    }

    /** {@code count} seeded random items with weights in [1, 1000] and half their total weight as capacity. */
    public static Items random(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] weights = new int[count];
        int[] values = new int[count];
        long total = 0;
        for (int i = 0; i < count; i++) {
            weights[i] = 1 + random.nextInt(1000);
            values[i] = weights[i] + 10;
            total += weights[i];
        }
        return new Items(weights, values, (int) (total / 2));
    }

    public int count() {
        return weights.length;
    }

    public int capacity() {
        return capacity;
    }
}
