package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.node.recovery.ArgumentDigest;
import satin.runtime.node.recovery.SalvagedResults;

/**
 * The re-execution of lost work in one runtime: a requeued record runs in lookup mode and takes the results the
 * salvaged-results table holds instead of running their spawns; a result still being computed elsewhere is waited
 * for, or run here after all when its holder dies, when its result cannot travel, or when the worker has nothing
 * else to do and its stack holds a job that is not an ancestor of the waiting one; every record completes once. (Across JVMs: satin-cli's MultiNodeFaultsTest.)
 */
@Timeout(60)
class ReExecutionTest {

    private static final int N = 16;
    private static final long SUM = N * (N - 1) / 2;
    private static final long LEFT = 8 * 7 / 2;

    private final SalvagedResults table = new SalvagedResults();
    private final SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("redo").withWorkers(2)
            .withSalvagedResults(table));
    private final CountingSum app = new CountingSum();
    /** The identity of the left half, sum(0, 8), as any node computes it. */
    private final long leftKey = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 0, N / 2));

    @AfterEach
    void close() {
        runtime.close();
    }

    private CountingSum.Call requeueWhole() {
        CountingSum.Call whole = CountingSum.Call.of(app, 0, N);
        runtime.pool().requeue(whole);
        return whole;
    }

    private static void awaitCondition(java.util.function.BooleanSupplier condition) throws InterruptedException {
        while (!condition.getAsBoolean()) {
            Thread.sleep(1); // bounded by the test's timeout; the condition is the runtime's own progress
        }
    }

    /** A main that sums 0..N-1 with {@link CountingSum} and reports the sum and the leaves that ran. */
    public static final class SumMain {
        static final java.util.concurrent.ConcurrentLinkedQueue<long[]> RUNS =
                new java.util.concurrent.ConcurrentLinkedQueue<>();

        public static void main(String[] args) {
            CountingSum app = new CountingSum();
            long sum = app.sum(0, Integer.parseInt(args[0]));
            RUNS.add(new long[] {sum, app.leafRuns.get()});
        }
    }

    @Test
    void mainRunAgainByANewMasterTakesSalvagedResultsInsteadOfRunningTheirSpawns() throws Exception {
        table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 5_000_000));
        SumMain.RUNS.clear();
        runtime.runMain(SumMain.class, Integer.toString(N));
        assertEquals(SUM, SumMain.RUNS.peek()[0]);
        assertEquals(N, SumMain.RUNS.poll()[1], "a first run of main looks nothing up");
        assertEquals(0, table.reused());
        runtime.runMainAgain(SumMain.class, Integer.toString(N));
        long[] again = SumMain.RUNS.poll();
        assertEquals(SUM, again[0]);
        assertEquals(N / 2, again[1], "the re-run main took the left half from the table");
        assertEquals(1, table.reused());
        try (SatinRuntime plain = SatinRuntime.start(RuntimeConfig.defaults().withName("plain").withWorkers(1))) {
            assertThrows(IllegalStateException.class, () -> plain.runMainAgain(SumMain.class, "4"),
                    "a runtime without crash recovery has nothing to re-run main with");
        }
    }

    @Test
    void aStoredResultIsUsedInsteadOfRunningItsSpawn() throws Exception {
        table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 5_000_000));
        CountingSum.Call whole = requeueWhole();
        assertEquals(SUM, whole.ran.get(30, TimeUnit.SECONDS));
        assertEquals(N / 2, app.leafRuns.get(), "only the right half ran");
        assertEquals(1, table.reused());
        assertEquals(5_000_000, table.reusedWorkNanos());
        assertEquals(0, table.reusedOrphanWorkNanos(), "stored without an announcement: a kept result, no orphan");
        awaitCondition(() -> runtime.pool().reExecutedJobs() == 1); // counted once the record's call returned
    }

    @Test
    void aResultStillComputedElsewhereIsWaitedForAndDeliveredOnce() throws Exception {
        table.pending(leftKey, 7);
        CountingSum.Call whole = requeueWhole();
        awaitCondition(() -> table.waited() == 1);
        List<InvocationRecord> waiting = table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1));
        assertEquals(1, waiting.size());
        for (InvocationRecord r : waiting) {
            runtime.pool().completeExported(r, LEFT, null);
        }
        assertEquals(SUM, whole.ran.get(30, TimeUnit.SECONDS));
        assertEquals(N / 2, app.leafRuns.get());
        assertEquals(1, table.reusedOrphanWorkNanos(), "announced while running: an orphan's work, reused");
        assertTrue(table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1)).isEmpty(),
                "a second outcome for the same job is dropped");
    }

    @Test
    void aWaitingSpawnRunsHereWhenItsHolderDies() throws Exception {
        table.pending(leftKey, 7);
        CountingSum.Call whole = requeueWhole();
        awaitCondition(() -> table.waited() == 1);
        List<InvocationRecord> rerun = table.holderGone(7);
        assertEquals(1, rerun.size());
        rerun.forEach(runtime.pool()::requeue);
        assertEquals(SUM, whole.ran.get(30, TimeUnit.SECONDS));
        assertEquals(N, app.leafRuns.get(), "both halves ran here");
        assertEquals(0, table.reused());
        assertTrue(table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1)).isEmpty(),
                "nothing waits any more: the late result completes nothing");
    }

    /**
     * One worker, so that the stack is known: a re-execution at the bottom of the worker's stack waits for its orphan
     * while the worker idles for several times {@link Worker#RECLAIM_NANOS} (its stack is one path of the spawn tree,
     * bounded only by the long safety net); a job the worker takes up from another node while it waits (on top of
     * the first but not spawned by it) runs its own waiting spawn itself once it has had nothing else to do for the
     * bound, since the first one lies below it (the orphan could wait for it).
     */
    @Test
    void onlyAWaitNestedAboveAnotherJobStopsWaitingForItsOrphanAndRunsTheSpawnItself() throws Exception {
        SalvagedResults one = new SalvagedResults();
        CountingSum.Call nested = CountingSum.Call.of(app, N, 2 * N);
        java.util.concurrent.atomic.AtomicReference<InvocationRecord> offered =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger finished = new java.util.concurrent.atomic.AtomicInteger();
        ExternalWork fromAnotherNode = new ExternalWork() {
            @Override
            public InvocationRecord poll(int workerIndex) {
                return offered.getAndSet(null);
            }

            @Override
            public void finished(InvocationRecord record, Throwable failure) {
                finished.incrementAndGet();
            }
        };
        WorkerPool single = new WorkerPool("single", 1, 4, fromAnotherNode, null, null, one);
        single.start();
        try {
            long upperLeft = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), N, N + N / 2));
            one.pending(leftKey, 7); // held by a node that may take long
            one.pending(upperLeft, 8);
            CountingSum.Call bottom = CountingSum.Call.of(app, 0, N);
            single.requeue(bottom);
            awaitCondition(() -> one.waited() == 1); // the bottom job's left half waits for node 7
            Worker.markReExecution(nested); // a re-execution stolen from another node, as RemoteStealing marks it
            offered.set(nested); // taken up by the waiting worker's poll, above the bottom job
            long upperSum = (long) (3 * N - 1) * N / 2;
            assertEquals(upperSum, nested.ran.get(30, TimeUnit.SECONDS), "the nested wait gave up and ran it here");
            assertEquals(N / 2 + N, app.leafRuns.get(), "the bottom job's right half and all of the nested job");
            awaitCondition(() -> finished.get() == 1); // its result went back to its node
            // the worker now idles, in the bottom job's sync, for several times the bound: it keeps waiting
            long idleBefore = idleNanos(single);
            awaitCondition(() -> idleNanos(single) - idleBefore > 3 * Worker.RECLAIM_NANOS);
            assertTrue(!bottom.ran.isDone(), "the bottom job still waits for its orphan");
            assertEquals(1, one.waited(), "its spawn still waits in the table");
            List<InvocationRecord> waiting = one.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1));
            assertEquals(1, waiting.size());
            waiting.forEach(r -> single.completeExported(r, LEFT, null));
            assertEquals(SUM, bottom.ran.get(30, TimeUnit.SECONDS));
            assertEquals(N / 2 + N, app.leafRuns.get(), "the orphan's half was not run here");
            assertTrue(one.store(upperLeft, new SalvagedResults.Outcome(LEFT, null, 1)).isEmpty(),
                    "the nested spawn was reclaimed: its late result completes nothing");
        } finally {
            single.shutdown();
        }
    }

    /**
     * The orphan cycle of issue 11, from the side of the rule that avoids it: one worker waits in the sync of a
     * re-execution for an orphan's result, and a second requeued job, which does not descend from the syncing job,
     * is not taken up there (where it could wait for a job below it: its ancestor on another node, or an orphan this
     * worker runs), however long the worker idles; a requeued record that does descend from it is, at once; the
     * first one runs once the worker is idle, and its own wait for an orphan is not cut short (its stack is one path).
     */
    @Test
    void aSyncTakesUpOnlyRequeuedJobsThatDescendFromItsJob() throws Exception {
        SalvagedResults one = new SalvagedResults();
        try (SatinRuntime single = SatinRuntime.start(RuntimeConfig.defaults().withName("single").withWorkers(1)
                .withSalvagedResults(one))) {
            long upperLeft = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), N, N + N / 2));
            one.pending(leftKey, 7);
            one.pending(upperLeft, 8);
            CountingSum.Call bottom = CountingSum.Call.of(app, 0, N);
            single.pool().requeue(bottom);
            awaitCondition(() -> one.waited() == 1); // the bottom job's left half waits for node 7
            CountingSum.Call unrelated = CountingSum.Call.of(app, N, 2 * N);
            single.pool().requeue(unrelated);
            long idleBefore = idleNanos(single);
            awaitCondition(() -> idleNanos(single) - idleBefore > 3 * Worker.RECLAIM_NANOS);
            assertEquals(N / 2, app.leafRuns.get(), "only the bottom job's right half ran: the other job waits");
            assertTrue(!unrelated.ran.isDone());
            // node 7 dies: the bottom job's waiting spawn is requeued; it descends from the syncing job, so that sync
            // (the only worker's) runs it
            List<InvocationRecord> rerun = one.holderGone(7);
            assertEquals(1, rerun.size());
            rerun.forEach(single.pool()::requeue);
            assertEquals(SUM, bottom.ran.get(30, TimeUnit.SECONDS));
            // now idle, the worker takes the other job up; its spawn waits for node 8 past the short bound
            awaitCondition(() -> one.waited() == 1); // (the table forgot the first wait when node 7 died)
            long idleThen = idleNanos(single);
            awaitCondition(() -> idleNanos(single) - idleThen > 3 * Worker.RECLAIM_NANOS);
            long upperLeftSum = (long) (N + N + N / 2 - 1) * (N / 2) / 2; // N .. N + N/2 - 1
            List<InvocationRecord> waiting = one.store(upperLeft, new SalvagedResults.Outcome(upperLeftSum, null, 1));
            assertEquals(1, waiting.size(), "the other job's spawn still waited");
            waiting.forEach(r -> single.pool().completeExported(r, upperLeftSum, null));
            assertEquals((long) (3 * N - 1) * N / 2, unrelated.ran.get(30, TimeUnit.SECONDS));
            assertEquals(N + N / 2, app.leafRuns.get(), "the bottom job, and the right half of the other one");
        }
    }

    /**
     * One worker: a re-run {@code main} (a root job) whose spawn two levels down waits for an orphan. The worker's
     * stack is one path of the spawn tree from the root (main's job, then the job that spawned the waiting record),
     * so nothing the orphan waits for can lie on it, and the nested wait outlasts the bound for other stacks instead
     * of running the orphan's call a second time.
     */
    @Test
    void aWaitNestedOnAPathFromTheRootKeepsWaitingForItsOrphan() throws Exception {
        SalvagedResults one = new SalvagedResults();
        long quarterKey = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 0, N / 4));
        long quarter = (long) (N / 4) * (N / 4 - 1) / 2;
        try (SatinRuntime single = SatinRuntime.start(RuntimeConfig.defaults().withName("single").withWorkers(1)
                .withSalvagedResults(one))) {
            one.pending(quarterKey, 7);
            SumMain.RUNS.clear();
            java.util.concurrent.CompletableFuture<Void> rerun = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    single.runMainAgain(SumMain.class, Integer.toString(N));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitCondition(() -> one.waited() == 1);
            long idleBefore = idleNanos(single);
            awaitCondition(() -> idleNanos(single) - idleBefore > 3 * Worker.RECLAIM_NANOS);
            assertTrue(!rerun.isDone(), "main still waits for the orphan");
            assertEquals(1, one.waited(), "the nested spawn still waits in the table");
            List<InvocationRecord> waiting = one.store(quarterKey, new SalvagedResults.Outcome(quarter, null, 1));
            assertEquals(1, waiting.size(), "the waiting record was not reclaimed");
            waiting.forEach(r -> single.pool().completeExported(r, quarter, null));
            rerun.get(30, TimeUnit.SECONDS);
            long[] again = SumMain.RUNS.poll();
            assertEquals(SUM, again[0]);
            assertEquals(N - N / 4, again[1], "the orphan's quarter was not run here");
        }
    }

    @Test
    void aSpawnWaitingForAResultThatCannotTravelRunsHere() throws Exception {
        table.pending(leftKey, 7);
        CountingSum.Call whole = requeueWhole();
        awaitCondition(() -> table.waited() == 1);
        List<InvocationRecord> rerun = table.abandon(leftKey, 7);
        assertEquals(1, rerun.size());
        rerun.forEach(runtime.pool()::requeue);
        assertEquals(SUM, whole.ran.get(30, TimeUnit.SECONDS));
        assertEquals(N, app.leafRuns.get(), "both halves ran here");
        assertEquals(0, table.reused());
        assertEquals(0, table.waited());
        assertTrue(table.abandon(leftKey, 7).isEmpty(), "the entry is gone");
    }

    private static long idleNanos(SatinRuntime r) {
        return idleNanos(r.pool());
    }

    private static long idleNanos(WorkerPool pool) {
        long idle = 0;
        for (WorkerStatistics w : pool.statistics()) {
            idle += w.idleNanos();
        }
        return idle;
    }

    /**
     * The orphans' work a re-execution needed but did not find in time: a result stored after the re-execution had
     * looked its call up and run it counts as late; one nobody looked up (a job its dead owner had finished) does not.
     */
    @Test
    void aResultStoredAfterTheReExecutionRanItsCallCountsAsLateWork() throws Exception {
        long unrelated = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 100, 200));
        table.store(unrelated, new SalvagedResults.Outcome(0L, null, 1)); // unclaimed: keeps lookups on
        CountingSum.Call whole = requeueWhole();
        assertEquals(SUM, whole.ran.get(30, TimeUnit.SECONDS));
        assertEquals(N, app.leafRuns.get(), "nothing was known: all of it ran");
        assertTrue(table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 3_000_000)).isEmpty());
        assertEquals(3_000_000, table.lateWorkNanos(), "looked up, missed, and stored later");
        table.store(ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 300, 301)),
                new SalvagedResults.Outcome(300L, null, 5_000_000));
        assertEquals(3_000_000, table.lateWorkNanos(), "never looked up: not needed");
        assertEquals(0, table.reused());
    }

    @Test
    void withoutSalvagedResultsARequeuedJobRunsNormallyAndEveryJobOnce() throws Exception {
        CountingSum.Call whole = requeueWhole();
        assertEquals(SUM, whole.ran.get(30, TimeUnit.SECONDS));
        assertEquals(N, app.leafRuns.get());
    }

    @Test
    void identitiesAreEqualForEqualCallsOnly() {
        long a = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 3, 9));
        assertEquals(a, ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 3, 9)));
        assertNotEquals(a, ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 3, 10)));
        assertNotEquals(a, ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 4, 9)));
    }

    @Test
    void aPoolThatDoesNotSurviveCrashesRefusesToRequeue() {
        SatinRuntime plain = SatinRuntime.start(RuntimeConfig.defaults().withName("plain").withWorkers(1));
        try {
            assertThrows(IllegalStateException.class,
                    () -> plain.pool().requeue(CountingSum.Call.of(new CountingSum(), 0, 2)));
        } finally {
            plain.close();
        }
    }
}
