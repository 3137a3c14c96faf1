package satin.apps.barneshut;

import satin.Spawnable;

/** The spawnable step: the accelerations of bodies {@code [from, to)} in the tree's field, interleaved. */
public interface BarnesHutInter extends Spawnable {
    double[] accelerations(QuadTree tree, int from, int to, int leafBodies);
}
