package satin.apps.queensfirst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.common.MainRun;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/** Speculative N-queens with inlets and abort, off workers and on runtimes of 1 and 2 workers. */
@Timeout(120)
class FirstSolutionTest {

    @Test
    void offWorkersEverySpawnRunsInlineAndTheAnswerIsValid() {
        for (int n = 1; n <= 12; n++) {
            int[] expected = SequentialFirstSolution.compute(n);
            int[] found = FirstSolution.compute(n, 3);
            if (expected == null) {
                assertNull(found, "N=" + n);
            } else {
                // the inlets run at sync(), so the rewritten search off workers may keep another solution
                assertNotNull(found, "N=" + n);
                assertTrue(Placement.valid(n, found), "N=" + n);
            }
        }
    }

    @Test
    void onWorkersEveryAnswerIsAValidPlacementAndOnlyWhereOneExists() throws Exception {
        for (int workers : List.of(1, 2)) {
            for (int threshold : List.of(2, Integer.MAX_VALUE)) {
                try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(workers)
                        .withInlineThreshold(threshold))) {
                    for (int n : List.of(2, 3, 6, 8, 12, 16)) {
                        int[] found = runtime.call(() -> FirstSolution.compute(n, 3));
                        String where = n + "-queens on " + workers + " workers, threshold " + threshold;
                        if (n == 2 || n == 3) {
                            assertNull(found, where);
                        } else {
                            assertNotNull(found, where);
                            assertTrue(Placement.valid(n, found), where);
                        }
                    }
                    if (threshold == Integer.MAX_VALUE) {
                        long aborted = runtime.statistics().stream().mapToLong(s -> s.jobsAborted()).sum();
                        assertTrue(aborted > 0, "with every spawn queued, abort() cancels queued siblings");
                    }
                }
            }
        }
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(FirstSolution.USAGE, 2, FirstSolution::run, "10", "2");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
