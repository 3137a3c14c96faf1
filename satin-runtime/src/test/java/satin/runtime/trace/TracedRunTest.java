package satin.runtime.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.contract.InvocationRecord;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.spawn.WorkerStatistics;
import satin.runtime.testapps.RewrittenFib;
import satin.trace.SpawnTrace;
import satin.trace.TraceFormat;
import satin.trace.TraceRecorder;

/** A runtime configured with a {@link TraceRecorder} records the spawn tree of what it runs. */
@Timeout(60)
class TracedRunTest {

    /** Fib(15) from a root job: the root's plain call fib(15) spawns fib(14) and fib(13), and so on. */
    private static final int N = 15;
    /** fib(n) spawns 2 * (fib(n + 1) - 1) jobs; fib(16) = 987. */
    private static final int SPAWNS = 2 * (987 - 1);

    private static List<List<Integer>> children(SpawnTrace t) {
        List<List<Integer>> kids = new ArrayList<>();
        for (int i = 0; i < t.jobCount(); i++) {
            kids.add(new ArrayList<>());
            if (i > 0) {
                kids.get(t.parent(i)).add(i);
            }
        }
        return kids;
    }

    /** Job {@code job} is fib(n): two children fib(n - 1) and fib(n - 2), in spawn order, when n >= 2. */
    private static void assertFibShape(SpawnTrace t, List<List<Integer>> kids, int job, int n) {
        List<Integer> mine = kids.get(job);
        assertEquals(n < 2 ? 0 : 2, mine.size(), "children of job " + job + " = fib(" + n + ")");
        if (n >= 2) {
            assertFibShape(t, kids, mine.get(0), n - 1);
            assertFibShape(t, kids, mine.get(1), n - 2);
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 3})
    void recordsTheFibTreeWithEveryCallAJob(int workers) throws Exception {
        TraceRecorder recorder = new TraceRecorder();
        // inline threshold 0 would inline every spawn; tracing queues them all regardless
        SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("traced").withWorkers(workers)
                .withInlineThreshold(0).withTrace(recorder));
        try {
            assertEquals(610L, runtime.call(() -> new RewrittenFib().fib(N)));
        } finally {
            runtime.close();
        }
        WorkerStatistics total = runtime.statistics().stream().reduce(WorkerStatistics.zero(), WorkerStatistics::plus);
        assertEquals(0, total.spawnsInlined());
        assertEquals(SPAWNS, total.spawns());

        SpawnTrace t = recorder.snapshot();
        assertEquals(SPAWNS + 1, t.jobCount());
        List<List<Integer>> kids = children(t);
        assertEquals(2, kids.get(0).size(), "the root calls fib(15), which spawns fib(14) and fib(13)");
        assertFibShape(t, kids, kids.get(0).get(0), N - 1);
        assertFibShape(t, kids, kids.get(0).get(1), N - 2);
        for (int i = 1; i < t.jobCount(); i++) {
            assertEquals(SizeEstimate.OBJECT_BYTES + 8, t.paramBytes(i), "target object plus long n, job " + i);
            assertEquals(8, t.resultBytes(i), "long result, job " + i);
        }
        assertEquals(0, t.paramBytes(0));
        assertTrue(t.totalNanos() > 0);
    }

    @Test
    void theTraceSurvivesTheFileFormat(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        TraceRecorder recorder = new TraceRecorder();
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2).withTrace(recorder))) {
            runtime.call(() -> new RewrittenFib().fib(10));
        }
        java.nio.file.Path file = dir.resolve("fib10.trace");
        recorder.writeTo(file);
        SpawnTrace written = recorder.snapshot();
        SpawnTrace read = TraceFormat.read(file);
        assertEquals(written.jobCount(), read.jobCount());
        for (int i = 0; i < read.jobCount(); i++) {
            assertEquals(written.parent(i), read.parent(i));
            assertEquals(written.ownNanos(i), read.ownNanos(i));
            assertEquals(written.paramBytes(i), read.paramBytes(i));
            assertEquals(written.resultBytes(i), read.resultBytes(i));
        }
    }

    @Test
    void aTracedRuntimeRunsOneRootJob() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(1)
                .withTrace(new TraceRecorder()))) {
            runtime.call(() -> 1);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> runtime.call(() -> 2));
            assertTrue(e.getMessage().contains("single root job"), e.getMessage());
        }
    }

    @Test
    void tracingIsForOneJvmOnly() {
        ExternalWork remote = new ExternalWork() {
            @Override
            public InvocationRecord poll(int workerIndex) {
                return null;
            }

            @Override
            public void finished(InvocationRecord record, Throwable failure) {
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.defaults().withExternalWork(remote).withTrace(new TraceRecorder()));
        assertTrue(e.getMessage().contains("single-JVM"), e.getMessage());
    }
}
