package satin.samples.corpus.nbody;

import satin.Spawnable;

/** The spawnable method of {@link NBody}. */
interface ForceInter extends Spawnable {
    Forces forces(Body[] bodies, int lo, int hi);
}
