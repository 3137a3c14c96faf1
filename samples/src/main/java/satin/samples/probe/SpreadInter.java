package satin.samples.probe;

import satin.Spawnable;

/** The spawnable step of the probe. */
public interface SpreadInter extends Spawnable {
    int spread(int depth);
}
