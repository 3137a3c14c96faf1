package satin.apps.kmeans;

import java.util.Arrays;

/** The sequential twin of {@link KMeans}: the same rounds of Lloyd's algorithm over the whole data at once. */
public final class SequentialKMeans {

    private SequentialKMeans() {
    }

    public static Clustering compute(int[] points, int dimensions, int clusters, int maxRounds) {
        double[] centroids = Lloyd.initialCentroids(points, dimensions, clusters);
        long[] sums = null;
        int rounds = 0;
        while (rounds < maxRounds) {
            sums = Lloyd.sums(points, dimensions, centroids, 0, points.length / dimensions);
            double[] next = Lloyd.means(sums, centroids, dimensions);
            rounds++;
            if (Arrays.equals(next, centroids)) {
                break;
            }
            centroids = next;
        }
        long[] sizes = sums == null ? new long[clusters] : Lloyd.counts(sums, clusters);
        return new Clustering(centroids, sizes, rounds);
    }
}
