package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.timeline.Timeline;
import satin.runtime.timeline.Track;

/**
 * A job that an abort stops on another worker counts as aborted, with its wasted time, also when its owner's sync
 * ends while it stops. The owner's sync does not wait for an aborted record, so it may finish the frame after the
 * thief caught the job's {@code Aborted} and before the thief looked at it to count it; the finish then discarded
 * the aborted record's exception by clearing it, the thief saw no {@code Aborted}, and the statistics missed the
 * job (one of the two schedules in which samples' {@code PlainJavaTest} saw one aborted job of two). Here the
 * owner's sync runs exactly in that window: with a timeline, the thief writes the job's row entry between running
 * it and counting it, and the owner holds that row's lock (a {@link Track} is synchronized) until its sync is over.
 */
@Timeout(60)
class StoppedJobCountTest {

    private static final int NEVER_INLINE = Integer.MAX_VALUE;

    @Test
    void aJobStoppedByAnAbortCountsWhenItsOwnersSyncEndsBeforeTheThiefCountsIt() throws Exception {
        Timeline timeline = Timeline.monotonic();
        SatinRuntime runtime = SatinRuntime.start(new RuntimeConfig("test", 2, NEVER_INLINE,
                ExternalWork.NONE, null, timeline, null));
        CountDownLatch busyRuns = new CountDownLatch(1);
        CountDownLatch queued = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch stop = new CountDownLatch(1);
        AtomicReference<Worker> thief = new AtomicReference<>();
        AtomicReference<Worker> owner = new AtomicReference<>();
        try {
            CompletableFuture<Object> busy = runtime.submit(() -> {
                busyRuns.countDown();
                queued.await(); // then this worker goes idle and steals the owner's record
                return null;
            });
            busyRuns.await(); // the owner's job below can only go to the other worker
            CompletableFuture<Object> search = runtime.submit(() -> {
                owner.set((Worker) Thread.currentThread());
                InvocationRecord frame = Spawns.spawn(new ArrayCall(new long[1], 0, () -> {
                    thief.set((Worker) Thread.currentThread());
                    started.countDown();
                    Latches.awaitUninterruptibly(stop);
                    Spawns.spawn(new ArrayCall(new long[1], 0, () -> 0, null), null); // stops here: Aborted
                    return 1;
                }, null), null);
                queued.countDown();
                started.await();
                Track thiefsRow = row(timeline, thief.get());
                synchronized (thiefsRow) {
                    Spawns.abort(frame);
                    stop.countDown();
                    untilBlockedOnItsRow(thief.get()); // the job threw Aborted; the thief has not counted it yet
                    Spawns.sync(frame); // does not wait for the aborted record: the frame ends now
                }
                return null;
            });
            busy.get();
            search.get();
        } finally {
            runtime.close();
        }
        assertNotSame(owner.get(), thief.get());
        List<WorkerStatistics> stats = runtime.statistics();
        WorkerStatistics thiefs = stats.get(thief.get().index());
        assertEquals(1, thiefs.jobsAborted(), stats.toString());
        assertTrue(thiefs.wastedNanos() > 0, "the stopped job's own time is wasted work: " + stats);
    }

    private static Track row(Timeline timeline, Worker worker) {
        return timeline.tracks().stream().filter(t -> t.name().equals(worker.getName())).findFirst().orElseThrow();
    }

    /** Waits until {@code worker} waits for the lock of its timeline row (a job's row entry, after the job ran). */
    private static void untilBlockedOnItsRow(Worker worker) {
        while (!(worker.getState() == Thread.State.BLOCKED && inTrackAdd(worker.getStackTrace()))) {
            Thread.onSpinWait();
        }
    }

    private static boolean inTrackAdd(StackTraceElement[] stack) {
        return stack.length > 0 && stack[0].getClassName().equals(Track.class.getName())
                && stack[0].getMethodName().equals("add");
    }
}
