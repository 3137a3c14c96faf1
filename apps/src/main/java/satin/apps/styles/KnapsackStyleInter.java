package satin.apps.styles;

import satin.Spawnable;

/** The spawnable method of {@link KnapsackStyle}. */
public interface KnapsackStyleInter extends Spawnable {
    long best(int[] weights, int[] values, int item, int capacity, int cutoff);
}
