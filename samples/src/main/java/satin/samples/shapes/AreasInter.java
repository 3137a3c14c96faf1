package satin.samples.shapes;

import satin.Spawnable;

/** The spawnable step: measure a batch of shapes. */
public interface AreasInter extends Spawnable {
    Measure measure(Batch batch, int leaf);
}
