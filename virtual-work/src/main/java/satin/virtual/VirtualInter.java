package satin.virtual;

import satin.Spawnable;

/** The spawnable method of the virtual-work program: runs one job of the tree and everything below it. */
public interface VirtualInter extends Spawnable {
    VirtualResult run(VirtualJob job);
}
