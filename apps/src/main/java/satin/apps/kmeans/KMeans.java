package satin.apps.kmeans;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * k-means clustering (Lloyd's algorithm) with the data as a shared object: see the package comment. Gives bit for bit
 * the sequential twin's centroids on any number of workers and nodes.
 */
public final class KMeans extends SatinObject implements KMeansInter {

    static final String USAGE = "kmeans [points (default 400000)] [clusters (default 8)] [dimensions (default 2)]"
            + " [seed (default 11)] [leaf points (default 10000)] [max rounds (default 100)]";

    @Override
    public long[] sums(Dataset data, int round, int from, int to, int leaf) {
        if (to - from <= leaf) {
            return Lloyd.sums(data.coordinates(), data.dimensions(), data.centroids(), from, to);
        }
        int mid = (from + to) >>> 1;
        long[] low = sums(data, round, from, mid, leaf);
        long[] high = sums(data, round, mid, to, leaf);
        sync();
        return Lloyd.add(low, high);
    }

    /**
     * The guard of {@link #sums}: a job stolen by another node starts once that node's replica holds the centroids of
     * the job's round. The master writes round r + 1 only after every job of round r has returned, so a replica is
     * never ahead of a job it runs.
     */
    public boolean guard_sums(Dataset data, int round, int from, int to, int leaf) {
        return data.round() == round;
    }

    /** Clusters {@code points} ({@code dimensions} coordinates each) into {@code clusters}, in at most maxRounds. */
    public static Clustering compute(int[] points, int dimensions, int clusters, int maxRounds, int leaf) {
        Dataset data = new Dataset(points, dimensions, Lloyd.initialCentroids(points, dimensions, clusters));
        data.exportObject(); // every node gets the points now, once; later only the centroids travel
        KMeans kmeans = new KMeans();
        long[] sums = null;
        int rounds = 0;
        while (rounds < maxRounds) {
            sums = kmeans.sums(data, data.round(), 0, data.points(), leaf);
            kmeans.sync();
            double[] next = Lloyd.means(sums, data.centroids(), dimensions);
            rounds++;
            if (Arrays.equals(next, data.centroids())) {
                break;
            }
            data.advance(data.round() + 1, next); // a write method: applied on every replica, in order
        }
        long[] sizes = sums == null ? new long[clusters] : Lloyd.counts(sums, clusters);
        return new Clustering(data.centroids(), sizes, rounds);
    }

    /** The seeded test data of the application: {@code count} points around {@code clusters} random centres. */
    public static int[] data(int count, int dimensions, int clusters, long seed) {
        return Lloyd.points(count, dimensions, clusters, seed);
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 6, args, System.out, System.err, KMeans::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int count = args.intAt(0, "points", 400_000, 1, 10_000_000);
        int clusters = args.intAt(1, "clusters", 8, 1, Math.min(count, 1000));
        int dimensions = args.intAt(2, "dimensions", 2, 1, 64);
        long seed = args.longAt(3, "seed", 11, Long.MIN_VALUE, Long.MAX_VALUE);
        int leaf = args.intAt(4, "leaf points", 10_000, 1, Integer.MAX_VALUE);
        int maxRounds = args.intAt(5, "max rounds", 100, 1, 100_000);
        if ((long) count * dimensions > 50_000_000L) {
            throw args.error("points x dimensions must be at most 50000000, got " + (long) count * dimensions);
        }
        int[] points = data(count, dimensions, clusters, seed);
        Timed<Clustering> result = Timed.run(() -> compute(points, dimensions, clusters, maxRounds, leaf));
        Clustering c = result.value();
        out.println(count + " points in " + dimensions + " dimensions (seed " + seed + "), " + clusters
                + " clusters after " + c.rounds() + " rounds: sizes " + Arrays.toString(c.sizes()));
        for (int k = 0; k < Math.min(clusters, 8); k++) {
            StringBuilder centroid = new StringBuilder("  centroid " + k + ":");
            for (int d = 0; d < Math.min(dimensions, 4); d++) {
                centroid.append(String.format(Locale.ROOT, " %.1f", c.centroids()[k * dimensions + d]));
            }
            out.println(centroid.append(dimensions > 4 ? " ..." : ""));
        }
        AppMain.printTime(out, "satin", result);
        Timed<Clustering> sequential = Timed.run(() -> SequentialKMeans.compute(points, dimensions, clusters,
                maxRounds));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, c.sameAs(sequential.value()),
                "bit for bit the sequential centroids, sizes and rounds (" + sequential.value().rounds() + ")");
    }
}
