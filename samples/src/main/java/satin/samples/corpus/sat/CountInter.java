package satin.samples.corpus.sat;

import satin.Spawnable;

/** The spawnable method of {@link SatCount}. */
interface CountInter extends Spawnable {
    long count(Formula f, Assignment a, VariableOrder order);
}
