package satin.apps.abortprobe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.fib.PaperFib;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.spawn.WorkerStatistics;

/**
 * abort() stops a tree whose leaf spins (inline, several levels under the stolen root of the tree) on the other
 * worker: the leaves never end by themselves, so {@code measure} returns only if every one stopped. The statistics
 * count the aborted jobs and the time they wasted: positive when aborted jobs ran, zero when the aborted jobs were
 * dropped before they ran or nothing was aborted.
 */
@Timeout(60)
class SpinnerTest {

    private static WorkerStatistics total(SatinRuntime runtime) {
        return runtime.statistics().stream().reduce(WorkerStatistics.zero(), WorkerStatistics::plus);
    }

    @Test
    void anAbortedTreeStopsOnTheOtherWorkerEveryTime() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2))) {
            for (int depth : new int[] {0, 1, 4, 8}) {
                for (int round = 0; round < 3; round++) {
                    long nanos = runtime.call(() -> Spinner.measure(depth, 1));
                    assertTrue(nanos >= 0, "depth " + depth + ": the last leaf stopped after abort() was called");
                }
            }
            WorkerStatistics total = total(runtime);
            assertTrue(total.jobsAborted() >= 12, total.toString());
            // every round's leaf spun until the abort: its time is wasted work
            assertTrue(total.wastedNanos() > 0, total.toString());
        }
    }

    @Test
    void jobsDroppedBeforeTheyRanWasteNothing() throws Exception {
        // one worker: both ballots are queued, the newest runs at the inlet's poll and throws, its inlet aborts,
        // and the other ballot is dropped from the deque unrun
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(1))) {
            runtime.call(() -> {
                Races.abortInsideAnInlet(0);
                return null;
            });
            WorkerStatistics total = total(runtime);
            assertEquals(1, total.jobsAborted(), total.toString());
            assertEquals(0, total.wastedNanos(), total.toString());
        }
    }

    @Test
    void aRunWithoutAbortWastesNothing() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2))) {
            long fib = runtime.call(() -> {
                PaperFib f = new PaperFib();
                long r = f.fib(25);
                f.sync();
                return r;
            });
            assertEquals(75025, fib);
            WorkerStatistics total = total(runtime);
            assertTrue(total.jobsExecuted() > 0, total.toString());
            assertEquals(0, total.jobsAborted(), total.toString());
            assertEquals(0, total.wastedNanos(), total.toString());
        }
    }
}
