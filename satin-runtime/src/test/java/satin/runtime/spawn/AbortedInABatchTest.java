package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * An abort counts every record it cancels, also one that waits in another worker's deque, where it came in a thief's
 * batch, when the pool shuts down before any worker gets back to it. The schedule is that of samples' {@code
 * Speculate} on two workers in which {@code PlainJavaTest} saw one aborted job instead of two: the idle worker stole
 * the first hopeless search and, in the same batch, the second; the owner's inlet aborted both; the thief was slow
 * to notice, {@code main} returned and the pool shut down while the second search was still in the thief's deque,
 * so no worker ever popped it and the statistics missed it. Here every step of that schedule waits for an event: a
 * root job keeps the thief busy until the owner has queued its three records, so the thief's first steal takes the
 * oldest with the next one in its batch; the stolen job waits for the shutdown before it reaches the spawn at which
 * it stops, and the owner waits for it too, so neither worker can take the batched record before the end.
 */
@Timeout(60)
class AbortedInABatchTest {

    private static final int NEVER_INLINE = Integer.MAX_VALUE;

    @Test
    void aRecordAbortedInAThiefsBatchCountsAsAbortedWhenThePoolShutsDownBeforeItIsPopped() throws Exception {
        SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("test").withWorkers(2)
                .withInlineThreshold(NEVER_INLINE));
        WorkerPool pool = runtime.pool();
        CountDownLatch busyRuns = new CountDownLatch(1);
        CountDownLatch queued = new CountDownLatch(1);
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch abortedAll = new CountDownLatch(1);
        AtomicReference<Worker> thief = new AtomicReference<>();
        AtomicInteger batched = new AtomicInteger(-1);
        AtomicBoolean othersRan = new AtomicBoolean();
        AtomicReference<Worker> owner = new AtomicReference<>();
        try {
            CompletableFuture<Object> busy = runtime.submit(() -> {
                busyRuns.countDown();
                queued.await(); // then this worker goes idle and steals from the owner's full deque
                return null;
            });
            busyRuns.await(); // the owner's job below can only go to the other worker
            CompletableFuture<Object> search = runtime.submit(() -> {
                owner.set((Worker) Thread.currentThread());
                long[] r = new long[3];
                InvocationRecord frame = null;
                frame = Spawns.spawn(new ArrayCall(r, 0, () -> {
                    Worker self = (Worker) Thread.currentThread();
                    thief.set(self);
                    batched.set(self.deque.size()); // the records it took with this one
                    firstStarted.countDown();
                    untilShutdown(pool); // slow to notice the abort: the pool shuts down first
                    Spawns.spawn(new ArrayCall(new long[1], 0, () -> 0, null), null); // stops here: Aborted
                    return 1;
                }, null), frame);
                frame = Spawns.spawn(new ArrayCall(r, 1, () -> {
                    othersRan.set(true);
                    return 2;
                }, null), frame);
                frame = Spawns.spawn(new ArrayCall(r, 2, () -> {
                    othersRan.set(true);
                    return 3;
                }, null), frame);
                queued.countDown();
                firstStarted.await();
                Spawns.abort(frame);
                Spawns.sync(frame); // waits for none of them
                abortedAll.countDown();
                untilShutdown(pool); // this worker must not steal the batched record back before the end
                return null;
            });
            abortedAll.await();
            runtime.close();
            busy.get();
            search.get();
        } finally {
            runtime.close();
        }
        assertNotSame(owner.get(), thief.get());
        assertEquals(1, batched.get(), "the thief took the second record in the batch of its steal of the first");
        assertFalse(othersRan.get(), "no aborted record that had not started ran");
        List<WorkerStatistics> stats = runtime.statistics();
        // the owner dropped its newest record itself; the thief's job stopped, and its batched record was dropped
        assertEquals(1, stats.get(owner.get().index()).jobsAborted(), stats.toString());
        assertEquals(2, stats.get(thief.get().index()).jobsAborted(), stats.toString());
    }

    /** Parks until the pool shuts down (which unparks every worker); an abort's unpark only wakes it to look again. */
    private static void untilShutdown(WorkerPool pool) {
        while (!pool.isTerminating()) {
            LockSupport.park(pool);
        }
    }
}
