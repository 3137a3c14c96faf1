package satin.samples.knapsack;

import satin.Spawnable;

/** The spawnable search step. */
public interface KnapsackInterface extends Spawnable {
    long tryIt(int item, int room, long value, long best, int depth);
}
