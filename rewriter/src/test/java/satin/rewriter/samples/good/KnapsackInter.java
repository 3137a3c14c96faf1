package satin.rewriter.samples.good;

import satin.Spawnable;

/** The knapsack sample's spawnable search: the best value of items {@code item..} in {@code room}. */
public interface KnapsackInter extends Spawnable {
    int best(int item, int room, int depth);

    int bestFlag(int item, int room, int depth);

    int bestField(int item, int room, int depth);
}
