package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.node.recovery.ArgumentDigest;
import satin.runtime.node.recovery.SalvagedResults;

/**
 * A job of this node lost with its thief whose own identity is in the salvaged results is not run again
 * ({@link WorkerPool#takeBack}): the dead thief had relayed it to a live node, which runs it as an orphan (its
 * result is waited for, delivered once) or had run it and sent the result into the dead node (the stored result
 * completes it at once). Found tracing {@code satin bench faults} (c) in issue 11: the node killed held one job, which it had relayed;
 * its owner ran all of it again (350 ms) while the orphan that was that very job ended (312 ms of work), so the
 * median round reused nothing of it. Each test blocks the parent between its spawn and its sync, so that the test
 * takes the spawn away as another node's thief would, with no race against the pool's single worker.
 */
@Timeout(60)
class LostJobTakenBackTest {

    private static final int HALF = 8;
    private static final long LEFT = HALF * (HALF - 1) / 2;

    /** Spawns sum(0, HALF) and waits, before its sync, until the test has taken that spawn (another node's theft). */
    private static final class Parent extends InvocationRecord {
        final transient CountingSum app;
        final transient CountDownLatch spawned = new CountDownLatch(1);
        final transient CountDownLatch stolen = new CountDownLatch(1);
        final transient CompletableFuture<Long> ran = new CompletableFuture<>();
        transient CountingSum.Call left;
        long result;

        Parent(CountingSum app) {
            this.app = app;
        }

        @Override
        protected void execute() throws InterruptedException {
            left = CountingSum.Call.of(app, 0, HALF);
            InvocationRecord frame = Spawns.spawn(left, null);
            spawned.countDown();
            assertTrue(stolen.await(30, TimeUnit.SECONDS), "the test took the spawn");
            Spawns.sync(frame);
            result = left.result;
            ran.complete(result);
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Long) value;
        }
    }

    private final CountingSum app = new CountingSum();
    private final long leftKey = ArgumentDigest.of(CountingSum.Call.of(new CountingSum(), 0, HALF));

    /** Runs a parent on a one-worker pool over {@code table} and returns its spawn, taken away as a thief takes it. */
    private static InvocationRecord stealLeft(SatinRuntime runtime, Parent parent) throws InterruptedException {
        runtime.pool().submit(parent);
        assertTrue(parent.spawned.await(30, TimeUnit.SECONDS));
        InvocationRecord taken = runtime.pool().stealForExport(true);
        assertSame(parent.left, taken, "the only queued record");
        parent.stolen.countDown();
        return taken;
    }

    private static SatinRuntime single(SalvagedResults table) {
        return SatinRuntime.start(RuntimeConfig.defaults().withName("single").withWorkers(1)
                .withSalvagedResults(table));
    }

    @Test
    void aLostJobWhoseResultWasSalvagedCompletesFromItAtOnce() throws Exception {
        SalvagedResults table = new SalvagedResults();
        try (SatinRuntime runtime = single(table)) {
            Parent parent = new Parent(app);
            InvocationRecord lost = stealLeft(runtime, parent);
            table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 7_000_000));
            assertFalse(runtime.pool().takeBack(lost), "completed, not requeued");
            assertEquals(LEFT, parent.ran.get(30, TimeUnit.SECONDS));
            assertEquals(0, app.leafRuns.get(), "nothing of the lost job ran again");
            assertEquals(1, table.reused());
            assertEquals(7_000_000, table.reusedWorkNanos());
            assertEquals(0, runtime.pool().reExecutedJobs());
        }
    }

    @Test
    void aLostJobThatAnOrphanStillComputesWaitsForItsResultDeliveredOnce() throws Exception {
        SalvagedResults table = new SalvagedResults();
        try (SatinRuntime runtime = single(table)) {
            Parent parent = new Parent(app);
            InvocationRecord lost = stealLeft(runtime, parent);
            table.pending(leftKey, 7); // node 7 runs it: the dead thief had relayed it there
            assertFalse(runtime.pool().takeBack(lost), "waits, not requeued");
            assertEquals(1, table.waited());
            List<InvocationRecord> waiting = table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1));
            assertEquals(List.of(lost), waiting);
            waiting.forEach(r -> runtime.pool().completeExported(r, LEFT, null));
            assertEquals(LEFT, parent.ran.get(30, TimeUnit.SECONDS));
            assertEquals(0, app.leafRuns.get());
            assertTrue(table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1)).isEmpty(),
                    "a second outcome completes nothing");
        }
    }

    @Test
    void whenTheOrphansNodeDiesTooTheLostJobRunsHere() throws Exception {
        SalvagedResults table = new SalvagedResults();
        try (SatinRuntime runtime = single(table)) {
            Parent parent = new Parent(app);
            InvocationRecord lost = stealLeft(runtime, parent);
            table.pending(leftKey, 7);
            assertFalse(runtime.pool().takeBack(lost));
            List<InvocationRecord> rerun = table.holderGone(7);
            assertEquals(List.of(lost), rerun);
            assertTrue(runtime.pool().takeBack(rerun.get(0)), "its entry is gone: requeued");
            assertEquals(LEFT, parent.ran.get(30, TimeUnit.SECONDS));
            assertEquals(HALF, app.leafRuns.get(), "run here, once");
            assertEquals(0, table.reused());
        }
    }

    @Test
    void withReuseOffTheLostJobRunsAgainThoughItsResultIsKnown() throws Exception {
        SalvagedResults table = new SalvagedResults(false);
        try (SatinRuntime runtime = single(table)) {
            Parent parent = new Parent(app);
            InvocationRecord lost = stealLeft(runtime, parent);
            table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1));
            assertTrue(runtime.pool().takeBack(lost));
            assertEquals(LEFT, parent.ran.get(30, TimeUnit.SECONDS));
            assertEquals(HALF, app.leafRuns.get());
            assertEquals(0, table.reused());
        }
    }

    @Test
    void aLostJobWhoseOrphanNeverReportsIsRunHereAfterABoundEvenOnARootJobsPath() throws Exception {
        SalvagedResults table = new SalvagedResults();
        try (SatinRuntime runtime = single(table)) {
            Parent parent = new Parent(app);
            InvocationRecord lost = stealLeft(runtime, parent);
            // as a copy that came back here through the dead thief and sits where nothing runs it: without a bound the
            // parent's sync (on a root job's path, where a re-execution's spawn waits without one) would wait for ever
            table.pending(leftKey, 0);
            assertFalse(runtime.pool().takeBack(lost), "waits first, not requeued");
            assertEquals(LEFT, parent.ran.get(30, TimeUnit.SECONDS));
            assertEquals(HALF, app.leafRuns.get(), "run here, once");
            assertEquals(0, table.reused(), "the wait was taken back, not counted as a reuse");
            assertTrue(table.store(leftKey, new SalvagedResults.Outcome(LEFT, null, 1)).isEmpty(),
                    "the copy's outcome, arriving later, completes nothing");
        }
    }
}
