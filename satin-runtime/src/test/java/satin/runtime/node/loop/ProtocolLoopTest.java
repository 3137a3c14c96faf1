package satin.runtime.node.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.runtime.node.membership.PoolView;

class ProtocolLoopTest {

    /** Steps posted from many threads run one at a time, each posting thread's in its order, all of them. */
    @Test
    void stepsRunOneAtATimeInPostingOrder() throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        try (ProtocolLoop loop = new ProtocolLoop("test-protocol", failures::add)) {
            loop.start();
            int threads = 4;
            int steps = 20_000;
            AtomicInteger running = new AtomicInteger();
            int[] last = new int[threads]; // touched by the loop's steps only: no lock, no volatile
            AtomicInteger overlaps = new AtomicInteger();
            AtomicInteger outOfOrder = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(threads);
            List<Thread> posters = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int poster = t;
                boolean upcall = t == 0; // one poster runs the steps itself when the loop is idle
                posters.add(new Thread(() -> {
                    for (int i = 1; i <= steps; i++) {
                        int n = i;
                        Runnable step = () -> {
                            if (running.incrementAndGet() != 1) {
                                overlaps.incrementAndGet();
                            }
                            if (!loop.owns()) {
                                overlaps.incrementAndGet();
                            }
                            if (last[poster] != n - 1) {
                                outOfOrder.incrementAndGet();
                            }
                            last[poster] = n;
                            running.decrementAndGet();
                            if (n == steps) {
                                done.countDown();
                            }
                        };
                        if (upcall) {
                            loop.postOrRun(step);
                        } else {
                            loop.post(step);
                        }
                    }
                }));
            }
            posters.forEach(Thread::start);
            assertTrue(done.await(60, TimeUnit.SECONDS), "every step ran");
            assertEquals(0, overlaps.get(), "two steps at once, or a step off the loop");
            assertEquals(0, outOfOrder.get(), "a poster's steps out of order");
            AtomicReference<int[]> seen = new AtomicReference<>();
            loop.call(() -> seen.set(last.clone()), 10_000);
            for (int t = 0; t < threads; t++) {
                assertEquals(steps, seen.get()[t]);
            }
            assertTrue(failures.isEmpty(), failures.toString());
        }
    }

    /** Only a thread running the loop's steps owns it; {@code call} waits for its step and sees what it wrote. */
    @Test
    void onlyTheStepsOwnTheLoop() throws Exception {
        try (ProtocolLoop loop = new ProtocolLoop("test-protocol", t -> { })) {
            loop.start();
            assertFalse(loop.owns());
            AtomicReference<Boolean> inside = new AtomicReference<>();
            loop.call(() -> inside.set(loop.owns()), 10_000);
            assertTrue(inside.get());
        }
    }

    /** The upcall thread that finds the loop idle runs its step itself: no hand-off on the message path. */
    @Test
    void anIdleLoopRunsTheUpcallThreadsStepOnThatThread() {
        try (ProtocolLoop loop = new ProtocolLoop("test-protocol", t -> { })) {
            // not started: only the caller can run it
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            loop.postOrRun(() -> ranOn.set(Thread.currentThread()));
            assertEquals(Thread.currentThread(), ranOn.get());
        }
    }

    /** A step that throws is reported and the loop goes on. */
    @Test
    void aStepThatThrowsIsReportedAndTheLoopGoesOn() throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        try (ProtocolLoop loop = new ProtocolLoop("test-protocol", failures::add)) {
            loop.start();
            loop.post(() -> {
                throw new IllegalStateException("broken step");
            });
            AtomicReference<Boolean> after = new AtomicReference<>();
            loop.call(() -> after.set(true), 10_000);
            assertTrue(after.get());
            assertEquals(1, failures.size());
        }
    }

    /**
     * The rule that the overview states, checked where it is kept: the pool view of a node is stepped on its protocol
     * loop only (the assertion every node test runs with); a step on another thread, say the registry's dispatcher,
     * fails.
     */
    @Test
    void aViewOwnedByALoopIsSteppedOnTheLoopOnly() throws Exception {
        PoolView view = new PoolView();
        try (ProtocolLoop loop = new ProtocolLoop("test-protocol", t -> { })) {
            loop.start();
            view.ownedBy(loop::owns);
            NodeIdentifier id = new NodeIdentifier("pool", "0", Location.parse("node0@cluster0"), "test", new byte[0]);
            loop.call(() -> view.learn(id), 10_000);
            assertEquals(id, view.get(0));
            assertTrue(ProtocolLoopTest.class.desiredAssertionStatus(), "the tests run with assertions");
            assertThrows(AssertionError.class, () -> view.ready(0));
        }
    }
}
