package satin.apps.tsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * TSP with the bound as a shared object, rewritten: the same optimum as the sequential solver with the bound shared
 * and passed as a parameter; off workers (every spawn a plain call, in sequential order) the shared bound prunes
 * exactly as the sequential twin's single bound does; on workers it never expands more nodes than the
 * bound-as-parameter version (a bound at least as tight at every node expanded prunes a subset).
 */
class SharedTspTest {

    @Test
    void optimumEqualsTheSequentialSolverBothWays() {
        for (long seed = 1; seed <= 4; seed++) {
            for (int cities = 1; cities <= 9; cities++) {
                DistanceTable table = DistanceTable.random(cities, seed);
                int optimum = SequentialTsp.compute(table, 0);
                assertEquals(optimum, SequentialSharedTsp.compute(table)[0]);
                for (int depth = 0; depth <= 3; depth++) {
                    assertEquals(optimum, SharedTsp.compute(table, depth, true)[0], cities + " cities seed " + seed);
                    assertEquals(optimum, SharedTsp.compute(table, depth, false)[0], cities + " cities seed " + seed);
                }
            }
        }
    }

    @Test
    void offWorkersTheSharedBoundPrunesAsTheSequentialTwinsOneBound() {
        int tighter = 0;
        for (long seed = 1; seed <= 6; seed++) {
            DistanceTable table = DistanceTable.random(12, seed);
            long[] shared = SharedTsp.compute(table, 3, true);
            long[] parameter = SharedTsp.compute(table, 3, false);
            long[] sequential = SequentialSharedTsp.compute(table);
            assertEquals(sequential[1], shared[1], "same nodes expanded in the same order, seed " + seed);
            assertTrue(shared[1] <= parameter[1], shared[1] + " vs " + parameter[1] + ", seed " + seed);
            tighter += shared[1] < parameter[1] ? 1 : 0;
        }
        // where the nearest-neighbour tour is not optimal, a sibling's better tour prunes the others
        assertTrue(tighter >= 3, tighter + " of 6 instances pruned more with the shared bound");
    }

    @Test
    void onWorkersTheSharedBoundExpandsNoMoreThanTheBoundAsParameter() throws Exception {
        DistanceTable table = DistanceTable.random(12, 7);
        int optimum = SequentialTsp.compute(table, 0);
        for (int threshold : new int[] {2, Integer.MAX_VALUE}) {
            try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("tspshared")
                    .withWorkers(2).withInlineThreshold(threshold))) {
                long[] shared = runtime.call(() -> SharedTsp.compute(table, 3, true));
                long[] parameter = runtime.call(() -> SharedTsp.compute(table, 3, false));
                assertEquals(optimum, shared[0]);
                assertEquals(optimum, parameter[0]);
                assertTrue(shared[1] <= parameter[1], shared[1] + " vs " + parameter[1]);
            }
        }
    }

    @Test
    void mainReportsAPassedSelfCheckAndRefusesABadShareArgument() throws Exception {
        MainRun run = MainRun.of(SharedTsp.USAGE, 4, SharedTsp::run, "9", "3", "2", "on");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
        assertTrue(run.out().contains("expanded "), run.out());
        MainRun bad = MainRun.of(SharedTsp.USAGE, 4, SharedTsp::run, "9", "3", "2", "maybe");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("share must be on or off, got 'maybe'"), bad.err());
    }
}
