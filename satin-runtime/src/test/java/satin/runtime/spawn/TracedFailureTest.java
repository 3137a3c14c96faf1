package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.trace.SpawnTrace;
import satin.trace.TraceRecorder;

/** Exceptions and abandoned records leave a complete trace: every spawned job ends in the tree. */
@Timeout(60)
class TracedFailureTest {

    /** Fib that throws at fib(3) after spawning fib(2), before its sync: that queued record is abandoned. */
    private static long failing(long n) {
        if (n < 2) {
            return n;
        }
        long[] r = new long[2];
        InvocationRecord frame = null;
        try {
            frame = Site.spawn(r, 0, () -> failing(n - 1), frame);
            if (n == 3) {
                throw new IllegalStateException("fails between its spawns");
            }
            frame = Site.spawn(r, 1, () -> failing(n - 2), frame);
            Spawns.sync(frame);
            frame = null;
            return r[0] + r[1];
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void everySpawnedJobEndsInTheTrace(int workers) throws Exception {
        TraceRecorder recorder = new TraceRecorder();
        SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("traced-failure")
                .withWorkers(workers).withTrace(recorder));
        try {
            assertThrows(IllegalStateException.class, () -> runtime.call(() -> failing(12)));
        } finally {
            runtime.close();
        }
        long spawns = runtime.statistics().stream().mapToLong(WorkerStatistics::spawns).sum();
        SpawnTrace t = recorder.snapshot(); // fails if a spawned job never ended
        assertEquals(spawns + 1, t.jobCount());
    }
}
