package satin.apps.uts;

import satin.Spawnable;

/** The spawnable step: the number of nodes in the subtree of the node with {@code state} at {@code height}. */
public interface UtsInter extends Spawnable {
    long count(byte[] state, int height);
}
