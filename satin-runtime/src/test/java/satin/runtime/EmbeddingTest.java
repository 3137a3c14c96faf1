package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.spawn.WorkerStatistics;
import satin.runtime.testapps.RewrittenFib;

/**
 * The embedding API: a program not shaped around main keeps runtimes and submits calls to them, several runtimes
 * in one JVM at once, from several threads, and closes them.
 */
@Timeout(60)
class EmbeddingTest {

    private static long fib(long n) {
        RewrittenFib f = new RewrittenFib();
        long r = f.fib(n);
        f.sync();
        return r;
    }

    @Test
    void twoRuntimesServeConcurrentSubmissionsWithTheRightResults() throws Exception {
        try (SatinRuntime a = SatinRuntime.start(RuntimeConfig.defaults().withName("a").withWorkers(2));
             SatinRuntime b = SatinRuntime.start(RuntimeConfig.defaults().withName("b").withWorkers(2))) {
            List<CompletableFuture<Long>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                long n = 18 + i % 4;
                answers.add((i % 2 == 0 ? a : b).submit(() -> fib(n)));
            }
            long[] expected = {2584, 4181, 6765, 10946};
            for (int i = 0; i < answers.size(); i++) {
                assertEquals(expected[i % 4], answers.get(i).get(30, TimeUnit.SECONDS));
            }
            assertEquals(832040L, a.call(() -> fib(30)));
            a.close();
            b.close();
            for (SatinRuntime r : List.of(a, b)) {
                long executed = r.statistics().stream().mapToLong(WorkerStatistics::jobsExecuted).sum();
                long spawns = r.statistics().stream().mapToLong(WorkerStatistics::spawns).sum();
                assertTrue(executed >= 4 && spawns > 0, "each runtime ran its own submissions: " + r.statistics());
            }
        }
    }

    @Test
    void aFailedCallFailsItsFutureAndAClosedRuntimeRefusesWork() throws Exception {
        SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(1));
        CompletableFuture<Object> failed = runtime.submit(() -> {
            throw new IllegalArgumentException("bad request");
        });
        ExecutionException e = assertThrows(ExecutionException.class, () -> failed.get(30, TimeUnit.SECONDS));
        assertEquals("bad request", e.getCause().getMessage());
        runtime.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> runtime.submit(() -> 1));
        assertEquals("runtime 'satin' is closed", closed.getMessage());
    }

    @Test
    void aSubmissionFromAWorkerOfTheSameRuntimeRunsInPlace() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(1))) {
            long nested = runtime.call(() -> runtime.submit(() -> fib(15)).get(5, TimeUnit.SECONDS));
            assertEquals(610, nested);
        }
    }
}
