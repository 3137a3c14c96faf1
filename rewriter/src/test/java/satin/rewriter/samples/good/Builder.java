package satin.rewriter.samples.good;

import satin.Spawnable;

/** The spawnable step of the constructor samples: builds one part of a larger structure. */
public interface Builder extends Spawnable {
    int[] part(int index, int size);

    long weigh(int[] part);
}
