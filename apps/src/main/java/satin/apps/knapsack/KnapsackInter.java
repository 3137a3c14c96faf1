package satin.apps.knapsack;

import satin.Spawnable;

/** The spawnable step: the best value below a search node if it exceeds {@code best}, else {@code best}. */
public interface KnapsackInter extends Spawnable {
    long search(Items items, int item, int room, long value, long best, int spawnDepth);
}
