package satin.apps.kmeans;

import satin.SharedObject;

/**
 * The global data of k-means as a shared object: the points (written once, replicated when the object is exported)
 * and the current centroids with their round number, replaced by the write method {@link #advance} between rounds.
 * Every node reads its replica, so a job carries only an index range, not the points or the centroids. The centroids
 * and the round are volatile because jobs read them while the node applies the master's writes; {@link #advance}
 * writes the centroids before the round, and a reader reads the round before the centroids, so a reader that sees
 * round r sees round r's centroids (or later ones, which the guard rules out; see {@link KMeans}).
 */
public final class Dataset extends SharedObject implements DatasetWrites {

    private static final long serialVersionUID = 1L;

    private final int[] coordinates;
    private final int dimensions;
    private volatile double[] centroids;
    private volatile int round;

    public Dataset(int[] coordinates, int dimensions, double[] initialCentroids) {
        this.coordinates = coordinates;
        this.dimensions = dimensions;
        this.centroids = initialCentroids.clone();
    }

    @Override
    public void advance(int round, double[] centroids) {
        if (round == this.round + 1) {
            this.centroids = centroids.clone(); // the caller's replica gets the caller's own array
            this.round = round;
        }
    }

    /** The number of centroid updates this replica has applied. */
    public int round() {
        return round;
    }

    /** The current centroids, {@code clusters x dimensions}, row by row; not to be modified. */
    public double[] centroids() {
        return centroids;
    }

    /** The points' coordinates, {@code points x dimensions}, row by row; not to be modified. */
    int[] coordinates() {
        return coordinates;
    }

    int dimensions() {
        return dimensions;
    }

    public int points() {
        return coordinates.length / dimensions;
    }
}
