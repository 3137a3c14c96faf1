package satin.rewriter.samples.spawnless;

import satin.Spawnable;

/** A spawnable interface that the class meant to implement it forgets. */
public interface Splitter extends Spawnable {
    int split(int n);
}
