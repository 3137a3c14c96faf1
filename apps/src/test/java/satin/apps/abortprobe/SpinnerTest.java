package satin.apps.abortprobe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * abort() stops a tree whose leaf spins (inline, several levels under the stolen root of the tree) on the other
 * worker: the leaves never end by themselves, so {@code measure} returns only if every one stopped.
 */
@Timeout(60)
class SpinnerTest {

    @Test
    void anAbortedTreeStopsOnTheOtherWorkerEveryTime() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2))) {
            for (int depth : new int[] {0, 1, 4, 8}) {
                for (int round = 0; round < 3; round++) {
                    long nanos = runtime.call(() -> Spinner.measure(depth, 1));
                    assertTrue(nanos >= 0, "depth " + depth + ": the last leaf stopped after abort() was called");
                }
            }
            assertTrue(runtime.statistics().stream().mapToLong(s -> s.jobsAborted()).sum() >= 12);
        }
    }
}
