package satin.samples.corpus.phases;

import satin.Spawnable;

/** The spawnable methods of {@link Phases}. */
interface PhaseInter extends Spawnable {
    Tally sweep(int depth, int seed, Best best, String name, boolean local);

    int stop(int value) throws Stop;
}
