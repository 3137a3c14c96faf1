package satin.samples.knapsack;

import satin.SatinObject;

/**
 * 0/1 knapsack by branch and bound, written as users of the original Satin wrote it: spawns only in the top
 * {@link #THRESHOLD} levels of the search tree, and the {@code sync()} under the same test, so the rest of the
 * tree is plain recursion. The rewriter gives no warning for it. The items are fields of the object (the target of
 * every job, so a node that steals a job gets them with it; static fields would be empty there, as {@code main}
 * runs on one node only). {@code main} checks the answer against dynamic programming.
 *
 * <p>{@code java satin.samples.knapsack.Knapsack [items [seed]]}
 */
public class Knapsack extends SatinObject implements KnapsackInterface {

    static final int THRESHOLD = 10;

    final int[] weights;
    final int[] values;

    Knapsack(int[] weights, int[] values) {
        this.weights = weights;
        this.values = values;
    }

    @Override
    public long tryIt(int item, int room, long value, long best, int depth) {
        if (item == weights.length) {
            return Math.max(best, value);
        }
        if (bound(item, room, value) <= best) {
            return best;
        }
        long with = best;
        long without;
        if (depth < THRESHOLD) {
            if (weights[item] <= room) {
                with = tryIt(item + 1, room - weights[item], value + values[item], best, depth + 1);
            }
            without = tryIt(item + 1, room, value, best, depth + 1);
        } else {
            if (weights[item] <= room) {
                with = search(item + 1, room - weights[item], value + values[item], best);
            }
            without = search(item + 1, room, value, Math.max(best, with));
        }
        if (depth < THRESHOLD) {
            sync();
        }
        return Math.max(with, without);
    }

    /** The sequential search below the threshold. */
    long search(int item, int room, long value, long best) {
        if (item == weights.length) {
            return Math.max(best, value);
        }
        if (bound(item, room, value) <= best) {
            return best;
        }
        long result = best;
        if (weights[item] <= room) {
            result = search(item + 1, room - weights[item], value + values[item], result);
        }
        return search(item + 1, room, value, result);
    }

    /** Dantzig's bound: the remaining room filled greedily, the first item that does not fit taken fractionally. */
    long bound(int item, int room, long value) {
        long b = value;
        for (int i = item; i < weights.length; i++) {
            if (weights[i] <= room) {
                room -= weights[i];
                b += values[i];
            } else {
                return b + (long) values[i] * room / weights[i];
            }
        }
        return b;
    }

    long dynamicProgramming(int capacity) {
        long[] best = new long[capacity + 1];
        for (int i = 0; i < weights.length; i++) {
            for (int room = capacity; room >= weights[i]; room--) {
                best[room] = Math.max(best[room], best[room - weights[i]] + values[i]);
            }
        }
        return best[capacity];
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 36;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 42;
        Knapsack k = makeItems(n, seed);
        int capacity = 0;
        for (int w : k.weights) {
            capacity += w;
        }
        capacity /= 2;
        long best = k.tryIt(0, capacity, 0, 0, 0);
        k.sync();
        long check = k.dynamicProgramming(capacity);
        System.out.println("knapsack of " + n + " items, capacity " + capacity + ": best value " + best
                + (best == check ? " (checked)" : " (WRONG, dynamic programming says " + check + ")"));
    }

    /** Items with correlated weights and values (hard instances), sorted by value density, from a fixed seed. */
    static Knapsack makeItems(int n, long seed) {
        java.util.Random random = new java.util.Random(seed);
        int[][] items = new int[n][2];
        for (int i = 0; i < n; i++) {
            int w = 10 + random.nextInt(90);
            items[i][0] = w;
            items[i][1] = w + 5 + random.nextInt(10);
        }
        java.util.Arrays.sort(items, (a, b) -> Long.compare((long) b[1] * a[0], (long) a[1] * b[0]));
        int[] weights = new int[n];
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            weights[i] = items[i][0];
            values[i] = items[i][1];
        }
        return new Knapsack(weights, values);
    }
}
