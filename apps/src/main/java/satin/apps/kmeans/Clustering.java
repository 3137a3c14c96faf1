package satin.apps.kmeans;

import java.util.Arrays;

/** The outcome of k-means: the final centroids, the cluster sizes, and how many rounds ran. */
public record Clustering(double[] centroids, long[] sizes, int rounds) {

    /** Whether {@code other} has bit for bit the same centroids, the same sizes and the same number of rounds. */
    public boolean sameAs(Clustering other) {
        return Arrays.equals(centroids, other.centroids) && Arrays.equals(sizes, other.sizes)
                && rounds == other.rounds;
    }
}
