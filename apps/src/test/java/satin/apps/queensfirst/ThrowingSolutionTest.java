package satin.apps.queensfirst;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/** The N-queens search that throws its solution past its parents, off workers and on 1 and 2 workers. */
@Timeout(120)
class ThrowingSolutionTest {

    @Test
    void everyAnswerIsAValidPlacementAndOnlyWhereOneExists() throws Exception {
        for (int n : List.of(3, 8, 12)) {
            check(n, ThrowingSolution.compute(n, n), "off workers");
        }
        for (int workers : List.of(1, 2)) {
            for (int threshold : List.of(2, Integer.MAX_VALUE)) {
                try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(workers)
                        .withInlineThreshold(threshold))) {
                    for (int n : List.of(3, 6, 8, 12, 16)) {
                        check(n, runtime.call(() -> ThrowingSolution.compute(n, n)),
                                workers + " workers, threshold " + threshold);
                    }
                }
            }
        }
    }

    private static void check(int n, int[] found, String where) {
        if (SequentialFirstSolution.compute(n) == null) {
            assertNull(found, n + "-queens " + where);
        } else {
            assertTrue(ThrowingSolution.valid(n, found), n + "-queens " + where);
        }
    }
}
