package satin.apps.kmeans;

import satin.Spawnable;

/** The spawnable step of {@link KMeans}. */
public interface KMeansInter extends Spawnable {

    /**
     * The per-cluster sums of points {@code [from, to)} for the centroids of round {@code round}, read from this
     * node's replica of {@code data}; ranges longer than {@code leaf} are halved and both halves spawned.
     */
    long[] sums(Dataset data, int round, int from, int to, int leaf);
}
