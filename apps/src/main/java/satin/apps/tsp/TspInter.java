package satin.apps.tsp;

import satin.Spawnable;

/**
 * The spawnable search step: the shortest completion of a partial tour if shorter than {@code bound},
 * otherwise {@code bound}.
 */
public interface TspInter extends Spawnable {
    int search(DistanceTable table, int last, int visited, int length, int bound, int spawnDepth);
}
