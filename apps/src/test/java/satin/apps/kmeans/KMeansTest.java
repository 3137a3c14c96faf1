package satin.apps.kmeans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.common.MainRun;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * k-means with the data as a shared object gives bit for bit the sequential twin's clustering: off workers, and on
 * runtimes of 1 and 2 workers with the default inline threshold and with every spawn queued.
 */
@Timeout(120)
class KMeansTest {

    @Test
    void theKernelFindsWellSeparatedClusters() {
        // two tight groups far apart, the first centroids both in the first group: one round moves one centroid over
        int[] points = {0, 0, 2, 2, 0, 2, 1000, 1000, 1002, 1002, 1000, 1002};
        Clustering c = SequentialKMeans.compute(points, 2, 2, 100);
        assertArrayEquals(new long[] {3, 3}, c.sizes());
        double[] expected = {2 / 3.0, 4 / 3.0, 3002 / 3.0, 3004 / 3.0};
        assertArrayEquals(expected, c.centroids(), 1e-9, Arrays.toString(c.centroids()));
        assertTrue(c.rounds() >= 2 && c.rounds() <= 4, "rounds " + c.rounds());
        assertEquals(c.rounds(), SequentialKMeans.compute(points, 2, 2, 100).rounds());
    }

    @Test
    void offWorkersEverySpawnRunsInlineAndGivesTheSequentialClustering() {
        for (int dimensions : List.of(1, 2, 3)) {
            int[] points = Lloyd.points(5_000, dimensions, 5, 3 + dimensions);
            Clustering expected = SequentialKMeans.compute(points, dimensions, 5, 100);
            Clustering c = KMeans.compute(points, dimensions, 5, 100, 300);
            assertTrue(expected.sameAs(c), dimensions + " dimensions");
        }
    }

    @Test
    void onWorkersTheClusteringIsTheSequentialOne() throws Exception {
        int[] points = Lloyd.points(20_000, 2, 6, 5);
        Clustering expected = SequentialKMeans.compute(points, 2, 6, 100);
        assertTrue(expected.rounds() > 3, "several rounds, so the centroids are written several times");
        for (int workers : List.of(1, 2)) {
            for (int threshold : List.of(2, Integer.MAX_VALUE)) {
                try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(workers)
                        .withInlineThreshold(threshold))) {
                    Clustering c = runtime.call(() -> KMeans.compute(points, 2, 6, 100, 500));
                    assertTrue(expected.sameAs(c), workers + " workers, threshold " + threshold + ": "
                            + Arrays.toString(c.centroids()) + " vs " + Arrays.toString(expected.centroids()));
                }
            }
        }
    }

    @Test
    void mainReportsAPassedSelfCheckAndRefusesTooMuchData() throws Exception {
        MainRun run = MainRun.of(KMeans.USAGE, 6, KMeans::run, "20000", "4", "2", "7", "1000");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
        MainRun bad = MainRun.of(KMeans.USAGE, 6, KMeans::run, "10000000", "4", "64");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("points x dimensions must be at most 50000000"), bad.err());
    }
}
