package satin.rewriter.samples.loops;

import satin.Spawnable;

/** The spawnable methods of {@link Loops}. */
public interface LoopsInter extends Spawnable {
    long count(long seed, int depth);

    long leaf(int x);

    long failing(int x, int bad);
}
