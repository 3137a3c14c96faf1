package satin.rewriter.samples.good;

import satin.SatinObject;

/**
 * A 0/1 knapsack written the way users of the original Satin wrote it: spawns only above a depth threshold (below
 * it a sequential method), and the sync() guarded by the same condition. The results are read after the guarded
 * sync(): correct, and the rewriter must not warn about them (it used to, once per read).
 */
public class Knapsack extends SatinObject implements KnapsackInter {

    static final int THRESHOLD = 6;

    private final int[] weights;
    private final int[] values;
    private int spawnDepth = THRESHOLD;

    public Knapsack(int[] weights, int[] values) {
        this.weights = weights;
        this.values = values;
    }

    /** The guard on a constant threshold, tested around the spawns and again around the sync(). */
    @Override
    public int best(int item, int room, int depth) {
        if (item == weights.length) {
            return 0;
        }
        int with = -1;
        int without;
        if (depth < THRESHOLD) {
            if (weights[item] <= room) {
                with = best(item + 1, room - weights[item], depth + 1);
            }
            without = best(item + 1, room, depth + 1);
        } else {
            if (weights[item] <= room) {
                with = sequential(item + 1, room - weights[item]);
            }
            without = sequential(item + 1, room);
        }
        if (depth < THRESHOLD) {
            sync();
        }
        int take = with < 0 ? 0 : with + values[item];
        return Math.max(take, without);
    }

    /** The guard as a local flag, tested twice: once around the spawns, once around the sync(). */
    @Override
    public int bestFlag(int item, int room, int depth) {
        if (item == weights.length) {
            return 0;
        }
        boolean parallel = depth < spawnDepth;
        int with = -1;
        int without = 0;
        if (parallel) {
            if (weights[item] <= room) {
                with = bestFlag(item + 1, room - weights[item], depth + 1);
            }
            without = bestFlag(item + 1, room, depth + 1);
        }
        if (!parallel) {
            if (weights[item] <= room) {
                with = sequential(item + 1, room - weights[item]);
            }
            without = sequential(item + 1, room);
        }
        if (parallel) {
            sync();
        }
        int take = with < 0 ? 0 : with + values[item];
        return Math.max(take, without);
    }

    /** The guard over a private field only the constructor assigns, the second test written the other way round. */
    @Override
    public int bestField(int item, int room, int depth) {
        if (item == weights.length) {
            return 0;
        }
        int with = -1;
        int without = 0;
        if (depth < spawnDepth) {
            if (weights[item] <= room) {
                with = bestField(item + 1, room - weights[item], depth + 1);
            }
            without = bestField(item + 1, room, depth + 1);
        }
        if (depth >= spawnDepth) {
            if (weights[item] <= room) {
                with = sequential(item + 1, room - weights[item]);
            }
            without = sequential(item + 1, room);
        } else {
            sync();
        }
        int take = with < 0 ? 0 : with + values[item];
        return Math.max(take, without);
    }

    private int sequential(int item, int room) {
        if (item == weights.length) {
            return 0;
        }
        int without = sequential(item + 1, room);
        if (weights[item] > room) {
            return without;
        }
        return Math.max(without, values[item] + sequential(item + 1, room - weights[item]));
    }

    static String run() {
        int[] w = {12, 7, 11, 8, 9, 6, 5, 14, 3, 10, 4, 13};
        int[] v = {24, 13, 23, 15, 16, 11, 9, 30, 5, 19, 8, 27};
        Knapsack k = new Knapsack(w, v);
        int a = k.best(0, 40, 0);
        int b = k.bestFlag(0, 40, 0);
        int c = k.bestField(0, 40, 0);
        k.sync();
        return a + "," + b + "," + c + "," + k.sequential(0, 40);
    }
}
