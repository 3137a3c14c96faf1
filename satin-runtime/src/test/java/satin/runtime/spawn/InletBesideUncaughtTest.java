package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * A sync that rethrows an exception no inlet catches throws that exception, never the exception of a sibling meant for
 * its inlet. The schedule is that of the rewriter's inlet sample {@code uncaughtInner} ({@code try { cast(1); r =
 * broken(2); } catch (Vote v) { ... } sync();}) on three workers, where {@code InletScenariosTest} once saw the
 * {@code Vote} leave {@code main}: {@code cast(1)} was stolen, {@code broken(2)} threw inline, the inlet poll handed
 * the {@code IllegalStateException} to the inlet code, which did not catch it, and polled again: one record had thrown
 * past the inlets and the stolen one was still running, so the poll returned null; the thief completed {@code cast(1)}
 * with its {@code Vote} before the sync looked, the sync cancelled only the siblings not yet done and rethrew the oldest
 * failure: the {@code Vote}, whose inlet never ran. Here every step waits for an event: the stolen call waits until the
 * owner's second poll has returned, and the owner syncs only once the thief has taken the next root job, which it
 * does after it completed the stolen record.
 */
@Timeout(60)
class InletBesideUncaughtTest {

    private static final int NEVER_INLINE = Integer.MAX_VALUE;
    private static final int GROUP = 1;

    /** What the inlet catches: an exception without a stack trace or suppressed ones, as {@code satin.Inlet}. */
    static final class Vote extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Vote() {
            super(null, null, false, false);
        }
    }

    @Test
    void anInletsExceptionThatArrivesAfterTheLastPollIsCancelledAndTheUncaughtOneLeavesBySync() throws Exception {
        SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("test").withWorkers(2)
                .withInlineThreshold(NEVER_INLINE));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> owner = new AtomicReference<>();
        AtomicReference<Thread> thief = new AtomicReference<>();
        Throwable thrown;
        try {
            thrown = runtime.submit(() -> {
                owner.set(Thread.currentThread());
                InvocationRecord frame = Spawns.spawnInlet(new ArrayCall(new long[1], 0, () -> {
                    thief.set(Thread.currentThread());
                    started.countDown();
                    Latches.awaitUninterruptibly(release);
                    throw new Vote();
                }, null), null, GROUP);
                started.await(); // the other worker stole it: this one is not idle, nor in a sync
                // broken(2) ran inline and threw what the inlet does not catch
                frame = Spawns.failedInlet(new IllegalStateException("broken 2"), frame, GROUP);
                InvocationRecord inline = Spawns.inletPoll(frame);
                assertNotNull(inline, "the inline failure is done: the poll hands it to the inlet code");
                Throwable t = Spawns.inletFailure(inline);
                Spawns.inletGroup(inline);
                assertInstanceOf(IllegalStateException.class, t);
                Spawns.uncaught(inline, t); // no catch block matched
                assertNull(Spawns.inletPoll(frame), "one record threw past the inlets: the poll stops");
                // Only the thief can take this root job (this worker is busy), and only once it completed the stolen
                // record: when it has run, cast(1)'s Vote is there for the sync to see.
                CompletableFuture<Object> next = runtime.submit(() -> null);
                release.countDown();
                next.get();
                try {
                    Spawns.sync(frame);
                    return null;
                } catch (Throwable e) {
                    return e;
                }
            }).get();
        } finally {
            runtime.close();
        }
        assertNotSame(owner.get(), thief.get());
        assertInstanceOf(IllegalStateException.class, thrown, "the sync rethrows what no inlet caught");
    }
}
