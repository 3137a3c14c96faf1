package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.testapps.RewrittenFib;

@Timeout(60)
class SpawnSyncTest {

    private static final int NEVER_INLINE = Integer.MAX_VALUE;

    private static SatinRuntime start(int workers, int inlineThreshold) {
        return SatinRuntime.start(RuntimeConfig.defaults().withName("test").withWorkers(workers)
                .withInlineThreshold(inlineThreshold));
    }

    private static WorkerStatistics total(SatinRuntime runtime) {
        return runtime.statistics().stream().reduce(WorkerStatistics.zero(), WorkerStatistics::plus);
    }

    /** Every queued record ran exactly once: queued spawns equal executed jobs minus the root jobs. */
    private static void assertEveryQueuedRecordRanOnce(SatinRuntime runtime, int rootJobs) {
        WorkerStatistics t = total(runtime);
        assertEquals(t.spawns() - t.spawnsInlined(), t.jobsExecuted() - rootJobs, t.toString());
    }

    @ParameterizedTest(name = "{0} workers, inline threshold {1}")
    @CsvSource({"1,0", "1,2", "1,2147483647", "2,1", "2,2", "2,2147483647", "3,2", "3,2147483647"})
    void nestedSpawnsComputeFib(int workers, int threshold) throws Exception {
        SatinRuntime runtime = start(workers, threshold);
        try {
            assertEquals(4181L, runtime.call(() -> Site.fib(19)));
            assertEquals(10946L, runtime.call(() -> new RewrittenFib().fib(21)));
        } finally {
            runtime.close();
        }
        assertEveryQueuedRecordRanOnce(runtime, 2);
        WorkerStatistics t = total(runtime);
        if (threshold == NEVER_INLINE) {
            assertEquals(0, t.spawnsInlined());
            assertEquals(2 * (6764 + 17710), t.spawns(), "fib(n) makes 2 * (fib(n + 1) - 1) spawns");
        }
        if (threshold == 0) {
            assertEquals(t.spawns(), t.spawnsInlined());
        }
    }

    @Test
    void callFromAWorkerOfTheSameRuntimeRunsInPlace() throws Exception {
        SatinRuntime runtime = start(1, 2);
        try {
            assertEquals(832040L, runtime.call(() -> runtime.call(() -> new RewrittenFib().fib(30))));
        } finally {
            runtime.close();
        }
    }

    /** Number of nodes of an irregular tree: node {@code id} at {@code depth} has 0 to 4 children. */
    private static long countNodes(long id, int depth) {
        int children = depth >= 13 ? 0 : (int) ((id * 0x9E3779B97F4A7C15L >>> 40) % 5);
        long[] counts = new long[children];
        InvocationRecord frame = null;
        try {
            for (int c = 0; c < children; c++) {
                long child = id * 5 + c + 1;
                frame = Site.spawn(counts, c, () -> countNodes(child, depth + 1), frame);
            }
            Spawns.sync(frame);
            frame = null;
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
        long sum = 1;
        for (long count : counts) {
            sum += count;
        }
        return sum;
    }

    @ParameterizedTest(name = "inline threshold {0}")
    @CsvSource({"1", "2147483647"})
    void irregularTreesGiveTheSequentialCountOnThreeWorkers(int threshold) throws Exception {
        long expected = countNodes(7, 0); // off a worker: sequential
        assertTrue(expected > 10_000, "a tree big enough to spread: " + expected);
        SatinRuntime runtime = start(3, threshold);
        try {
            for (int run = 0; run < 5; run++) {
                assertEquals(expected, runtime.call(() -> countNodes(7, 0)));
            }
        } finally {
            runtime.close();
        }
        assertEveryQueuedRecordRanOnce(runtime, 5);
    }

    @Test
    void offWorkerEverySpawnRunsInline() {
        assertTrue(Spawns.inline());
        assertEquals(6765L, new RewrittenFib().fib(20));
        assertEquals(610L, Site.fib(15));
    }

    @Test
    void aWorkerQueuesUntilItHoldsThresholdRecords() throws Exception {
        SatinRuntime runtime = start(1, 2);
        try {
            List<Boolean> decisions = runtime.call(() -> {
                List<Boolean> seen = new ArrayList<>();
                InvocationRecord frame = null;
                long[] out = new long[3];
                for (int i = 0; i < 3; i++) {
                    boolean inline = Spawns.inline();
                    seen.add(inline);
                    if (!inline) {
                        int k = i;
                        frame = Spawns.spawn(new ArrayCall(out, i, () -> k + 1, null), frame);
                    } else {
                        out[i] = i + 1;
                    }
                }
                Spawns.sync(frame);
                assertArrayEquals(new long[] {1, 2, 3}, out);
                return seen;
            });
            assertEquals(List.of(false, false, true), decisions);
        } finally {
            runtime.close();
        }
    }

    @ParameterizedTest(name = "inline threshold {0}")
    @CsvSource({"0", "2", "2147483647"})
    void thousandSpawnsThenOneSyncDeliverIntoTheArrayInSpawnOrder(int threshold) throws Exception {
        SatinRuntime runtime = start(2, threshold);
        long[] out = new long[1000];
        List<Integer> deliveries = new ArrayList<>();
        try {
            runtime.call(() -> {
                InvocationRecord frame = null;
                try {
                    for (int i = 0; i < out.length; i++) {
                        long k = i;
                        frame = Site.spawn(out, i, () -> k * k, deliveries::add, frame);
                    }
                    Spawns.sync(frame);
                    frame = null;
                } catch (Throwable t) {
                    Spawns.abandon(frame);
                    throw t;
                }
                return null;
            });
        } finally {
            runtime.close();
        }
        for (int i = 0; i < out.length; i++) {
            assertEquals((long) i * i, out[i], "out[" + i + "]");
        }
        for (int i = 1; i < deliveries.size(); i++) {
            assertTrue(deliveries.get(i - 1) < deliveries.get(i), "delivered oldest first: " + deliveries);
        }
        if (threshold == NEVER_INLINE) {
            assertEquals(1000, deliveries.size());
        }
        assertEveryQueuedRecordRanOnce(runtime, 1);
    }

    /**
     * Calls 3 and 7 throw: off a worker the sync throws call 3's exception with call 7's suppressed; on a worker the
     * first failure it sees, having cancelled what had not run; each exception only once.
     */
    private static Object spawnTenWithTwoFailuresThenSync() {
        long[] out = new long[10];
        InvocationRecord frame = null;
        for (int i = 0; i < 10; i++) {
            int k = i;
            frame = Site.spawn(out, i, () -> {
                if (k == 3 || k == 7) {
                    throw new CallFailed(k);
                }
                return k;
            }, frame);
        }
        InvocationRecord all = frame;
        CallFailed thrown = assertThrows(CallFailed.class, () -> Spawns.sync(all));
        if (Thread.currentThread() instanceof Worker) {
            // the first failure the sync sees cancels the rest (the original's order): call 3 when it ran inline
            // (its siblings after it were then queued, and dropped), call 7 when all were queued (popped newest first)
            assertTrue(thrown.call == 3 || thrown.call == 7, "call " + thrown.call);
            for (Throwable other : thrown.getSuppressed()) {
                assertTrue(((CallFailed) other).call != thrown.call, "each failure once");
            }
        } else {
            // off a worker every call ran inline: the sync reports the oldest with the other suppressed
            assertEquals(3, thrown.call);
            assertEquals(1, thrown.getSuppressed().length);
            assertEquals(7, ((CallFailed) thrown.getSuppressed()[0]).call);
        }
        Spawns.sync(frame); // each exception is thrown once
        return null;
    }

    @ParameterizedTest(name = "inline threshold {0}")
    @CsvSource({"0", "2", "2147483647"})
    void exceptionsOfSpawnedCallsAreRethrownAtTheSync(int threshold) throws Exception {
        SatinRuntime runtime = start(2, threshold);
        try {
            runtime.call(SpawnSyncTest::spawnTenWithTwoFailuresThenSync);
            assertEquals(6765L, runtime.call(() -> new RewrittenFib().fib(20)), "runtime still healthy");
        } finally {
            runtime.close();
        }
    }

    @Test
    void offWorkerAnInlinedFailureIsRethrownAtTheSyncToo() {
        spawnTenWithTwoFailuresThenSync();
    }

    @Test
    void abandonDropsTheQueuedRecordsOfAMethodLeavingByAnException() throws Exception {
        SatinRuntime runtime = start(1, NEVER_INLINE);
        AtomicInteger executed = new AtomicInteger();
        try {
            runtime.call(() -> {
                long[] out = new long[5];
                InvocationRecord frame = null;
                try {
                    try {
                        for (int i = 0; i < out.length; i++) {
                            frame = Site.spawn(out, i, executed::incrementAndGet, frame);
                        }
                        throw new IllegalStateException("leaving before the sync");
                    } catch (Throwable t) {
                        Spawns.abandon(frame);
                        throw t;
                    }
                } catch (IllegalStateException expected) {
                    assertTrue(((Worker) Thread.currentThread()).deque.isEmpty(), "abandoned records dropped");
                }
                assertEquals(55L, Site.fib(10));
                return null;
            });
        } finally {
            runtime.close();
        }
        assertEquals(0, executed.get(), "abandoned records never run (one worker: nobody could steal them)");
    }

    /**
     * A rendezvous that cannot complete without stealing: the parent queues A then B; its sync runs B, which
     * waits until A has started, and A can only start on the other worker, by being stolen.
     */
    private static long[] rendezvous(AtomicReference<Thread> ranA, AtomicReference<Thread> ranB, boolean aFails) {
        CountDownLatch aStarted = new CountDownLatch(1);
        long[] out = new long[2];
        InvocationRecord frame = null;
        frame = Spawns.spawn(new ArrayCall(out, 0, () -> {
            ranA.set(Thread.currentThread());
            aStarted.countDown();
            if (aFails) {
                throw new CallFailed(0);
            }
            return 1;
        }, null), frame);
        frame = Spawns.spawn(new ArrayCall(out, 1, () -> {
            ranB.set(Thread.currentThread());
            try {
                if (!aStarted.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("A was never stolen");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return 2;
        }, null), frame);
        Spawns.sync(frame);
        return out;
    }

    @Test
    void withTwoWorkersJobsAreStolenAndTheirResultsDelivered() throws Exception {
        SatinRuntime runtime = start(2, NEVER_INLINE);
        AtomicReference<Thread> ranA = new AtomicReference<>();
        AtomicReference<Thread> ranB = new AtomicReference<>();
        try {
            assertArrayEquals(new long[] {1, 2}, runtime.call(() -> rendezvous(ranA, ranB, false)));
            assertEquals(317811L, runtime.call(() -> new RewrittenFib().fib(28)));
        } finally {
            runtime.close();
        }
        assertNotSame(ranA.get(), ranB.get());
        List<WorkerStatistics> stats = runtime.statistics();
        for (WorkerStatistics s : stats) {
            assertTrue(s.jobsExecuted() >= 1, "jobs executed on every worker: " + stats);
        }
        assertTrue(total(runtime).steals() >= 1, stats.toString());
        assertEveryQueuedRecordRanOnce(runtime, 2);
    }

    @Test
    void anExceptionOfAStolenJobIsRethrownAtTheOwnersSync() throws Exception {
        SatinRuntime runtime = start(2, NEVER_INLINE);
        AtomicReference<Thread> ranA = new AtomicReference<>();
        AtomicReference<Thread> ranB = new AtomicReference<>();
        try {
            CallFailed failure = assertThrows(CallFailed.class,
                    () -> runtime.call(() -> rendezvous(ranA, ranB, true)));
            assertEquals(0, failure.call);
        } finally {
            runtime.close();
        }
        assertNotSame(ranA.get(), ranB.get());
    }

    @Test
    void severalRuntimesLiveInOneJvm() throws Exception {
        SatinRuntime a = SatinRuntime.start(RuntimeConfig.defaults().withName("alpha").withWorkers(2));
        SatinRuntime b = SatinRuntime.start(RuntimeConfig.defaults().withName("beta").withWorkers(2));
        AtomicReference<Object> fromA = new AtomicReference<>();
        try {
            Thread callerOfA = new Thread(() -> {
                try {
                    fromA.set(a.call(() -> Thread.currentThread().getName() + "=" + new RewrittenFib().fib(24)));
                } catch (Exception e) {
                    fromA.set(e);
                }
            });
            callerOfA.start();
            String fromB = b.call(() -> Thread.currentThread().getName() + "=" + Site.fib(22));
            callerOfA.join();
            assertTrue(fromA.get().toString().matches("alpha-worker-\\d=46368"), fromA.get().toString());
            assertTrue(fromB.matches("beta-worker-\\d=17711"), fromB);
        } finally {
            a.close();
            b.close();
        }
        assertEveryQueuedRecordRanOnce(a, 1);
        assertEveryQueuedRecordRanOnce(b, 1);
    }

    @Test
    void idleWorkersRunExternalWorkAndReportItsOutcome() throws Exception {
        long[] unused = new long[1];
        ArrayCall imported = new ArrayCall(unused, 0, () -> Site.fib(20), null);
        CountDownLatch finished = new CountDownLatch(1);
        AtomicReference<InvocationRecord> reported = new AtomicReference<>();
        AtomicInteger handedOut = new AtomicInteger();
        ExternalWork source = new ExternalWork() {
            @Override
            public InvocationRecord poll(int workerIndex) {
                return handedOut.getAndIncrement() == 0 ? imported : null;
            }

            @Override
            public void finished(InvocationRecord record, Throwable failure) {
                assertEquals(null, failure);
                reported.set(record);
                finished.countDown();
            }
        };
        SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("ext").withWorkers(2)
                .withExternalWork(source));
        try {
            assertTrue(finished.await(30, TimeUnit.SECONDS), "external job finished");
        } finally {
            runtime.close();
        }
        assertSame(imported, reported.get());
        assertEquals(6765L, imported.boxedResult());
        assertEquals(0, unused[0], "an imported record is not delivered here: its owner is elsewhere");
    }

    @Test
    void aRecordStolenForExportCompletesTheOwnersSyncWhenItsResultReturns() throws Exception {
        SatinRuntime runtime = start(1, NEVER_INLINE);
        CountDownLatch spawned = new CountDownLatch(1);
        CountDownLatch exported = new CountDownLatch(1);
        AtomicReference<InvocationRecord> away = new AtomicReference<>();
        Thread remote = new Thread(() -> {
            try {
                spawned.await();
                InvocationRecord job = runtime.pool().stealForExport();
                away.set(job);
                exported.countDown();
                // "run it remotely": the owner's sync waits until the result comes back
                long n = 25;
                runtime.pool().completeExported(job, Site.fib(n), null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        remote.start();
        try {
            long[] out = runtime.call(() -> {
                long[] result = new long[1];
                InvocationRecord frame = Spawns.spawn(new ArrayCall(result, 0, () -> -1, null), null);
                spawned.countDown();
                assertTrue(exported.await(30, TimeUnit.SECONDS));
                Spawns.sync(frame);
                return result;
            });
            assertEquals(75025L, out[0], "the returned result was delivered, the local call never ran");
        } finally {
            remote.join();
            runtime.close();
        }
        assertFalse(away.get() == null);
    }

    static final class CallFailed extends RuntimeException {
        final int call;

        CallFailed(int call) {
            super("call " + call + " failed");
            this.call = call;
        }
    }
}
