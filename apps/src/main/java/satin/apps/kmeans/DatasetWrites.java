package satin.apps.kmeans;

import satin.WriteMethodsInterface;

/** The write method of the shared {@link Dataset}. */
public interface DatasetWrites extends WriteMethodsInterface {

    /**
     * Installs the centroids of round {@code round}, computed by the master from the previous round's sums; a no-op
     * unless {@code round} is the next round (so a write applied twice could not skip a round).
     */
    void advance(int round, double[] centroids);
}
