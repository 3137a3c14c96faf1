package satin.apps.mergesort;

import satin.Spawnable;

/** The spawnable step: a sorted copy of {@code data}, which the callee may use as scratch space. */
public interface MergeSortInter extends Spawnable {
    int[] sort(int[] data, int leafSize);
}
