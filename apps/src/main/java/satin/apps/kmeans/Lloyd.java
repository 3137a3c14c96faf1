package satin.apps.kmeans;

import java.util.SplittableRandom;

/**
 * The kernel shared by both versions: Lloyd's algorithm on integer points. A round assigns every point to its nearest
 * centroid (the lowest index on a tie) and sums the points of each cluster; the sums are integers, so they are exact
 * and the same in any order of addition: the parallel version, which adds partial sums in the order of its spawn
 * tree, gets bit for bit the centroids of the sequential one. A cluster that lost all its points keeps its centroid.
 */
final class Lloyd {

    /** Coordinates are in [0, RANGE): sums of 10^7 points stay far below 2^63. */
    static final int RANGE = 1 << 20;

    private Lloyd() {
    }

    /**
     * Seeded test data: {@code clusters} true centres uniformly in the range, each point normally distributed around a
     * random one of them (standard deviation a twentieth of the range), clamped to the range.
     */
    static int[] points(int count, int dimensions, int clusters, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] centres = new int[clusters * dimensions];
        for (int i = 0; i < centres.length; i++) {
            centres[i] = random.nextInt(RANGE);
        }
        int[] points = new int[count * dimensions];
        for (int p = 0; p < count; p++) {
            int c = random.nextInt(clusters);
            for (int d = 0; d < dimensions; d++) {
                long x = Math.round(centres[c * dimensions + d] + nextGaussian(random) * RANGE / 20.0);
                points[p * dimensions + d] = (int) Math.max(0, Math.min(RANGE - 1, x));
            }
        }
        return points;
    }

    private static double nextGaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on Java 17
        double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** The first centroids: {@code clusters} points spread evenly over the data. */
    static double[] initialCentroids(int[] points, int dimensions, int clusters) {
        int count = points.length / dimensions;
        double[] centroids = new double[clusters * dimensions];
        for (int c = 0; c < clusters; c++) {
            int p = (int) ((long) c * count / clusters);
            for (int d = 0; d < dimensions; d++) {
                centroids[c * dimensions + d] = points[p * dimensions + d];
            }
        }
        return centroids;
    }

    /**
     * The sums of points {@code [from, to)} per nearest centroid: {@code clusters x dimensions} coordinate sums, row by
     * row, then {@code clusters} counts.
     */
    static long[] sums(int[] points, int dimensions, double[] centroids, int from, int to) {
        int clusters = centroids.length / dimensions;
        long[] sums = new long[clusters * (dimensions + 1)];
        for (int p = from; p < to; p++) {
            int nearest = 0;
            double best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < clusters; c++) {
                double distance = 0;
                for (int d = 0; d < dimensions; d++) {
                    double delta = points[p * dimensions + d] - centroids[c * dimensions + d];
                    distance += delta * delta;
                }
                if (distance < best) {
                    best = distance;
                    nearest = c;
                }
            }
            for (int d = 0; d < dimensions; d++) {
                sums[nearest * dimensions + d] += points[p * dimensions + d];
            }
            sums[clusters * dimensions + nearest]++;
        }
        return sums;
    }

    /** {@code a + b}, element by element, into {@code a}. */
    static long[] add(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            a[i] += b[i];
        }
        return a;
    }

    /** The next centroids: each cluster's mean, or its previous centroid when it has no points. */
    static double[] means(long[] sums, double[] previous, int dimensions) {
        int clusters = previous.length / dimensions;
        double[] next = previous.clone();
        for (int c = 0; c < clusters; c++) {
            long count = sums[clusters * dimensions + c];
            if (count > 0) {
                for (int d = 0; d < dimensions; d++) {
                    next[c * dimensions + d] = (double) sums[c * dimensions + d] / count;
                }
            }
        }
        return next;
    }

    /** The cluster sizes in {@code sums}. */
    static long[] counts(long[] sums, int clusters) {
        long[] counts = new long[clusters];
        System.arraycopy(sums, sums.length - clusters, counts, 0, clusters);
        return counts;
    }
}
