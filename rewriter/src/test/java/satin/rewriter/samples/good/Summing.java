package satin.rewriter.samples.good;

import satin.Spawnable;

/** The spawnable methods of {@link Sums}. */
interface Summing extends Spawnable {
    long longs(int depth, int width);

    int ints(int depth, int width);

    long value(int i);

    int small(int i);
}
