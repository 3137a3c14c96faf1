package satin.apps.styles;

import java.util.SplittableRandom;

/** The sequential twin of {@link KnapsackStyle}, and its input. */
public final class SequentialKnapsackStyle {

    private SequentialKnapsackStyle() {
    }

    static long best(int[] weights, int[] values, int item, int capacity) {
        if (item == weights.length) {
            return 0;
        }
        long with = -1;
        if (weights[item] <= capacity) {
            with = best(weights, values, item + 1, capacity - weights[item]);
        }
        long without = best(weights, values, item + 1, capacity);
        return with < 0 ? without : Math.max(with + values[item], without);
    }

    public static long compute(int[] weights, int[] values, int capacity) {
        return best(weights, values, 0, capacity);
    }

    /** {@code count} seeded random weights (1-100) or values (1-100). */
    public static int[] random(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] numbers = new int[count];
        for (int i = 0; i < count; i++) {
            numbers[i] = 1 + random.nextInt(100);
        }
        return numbers;
    }
}
