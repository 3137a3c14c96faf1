package satin.apps.tsp;

import satin.Spawnable;

/**
 * The spawnable search step of {@link SharedTsp}: searches below a partial tour and returns {best length found or
 * the bound it was given, search-tree nodes expanded}. {@code known} is the bound the spawner knew when it spawned.
 */
public interface SharedTspInter extends Spawnable {
    long[] search(DistanceTable table, Bound bound, int last, int visited, int length, int spawnDepth, int known);
}
