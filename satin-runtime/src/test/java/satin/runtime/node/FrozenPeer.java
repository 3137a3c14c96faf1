package satin.runtime.node;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.ipl.IplProperties;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;

/**
 * Node 1 of an {@link IplPair} with a small flow-control window, frozen on demand: after {@link #freeze} its upcall
 * thread holds the first message it reads until {@link #thaw}, so the messages after it keep node 0's credit window
 * to it full (a peer that is alive, connected, and takes nothing: a stopped process, a long GC). Every message it
 * reads is counted by its tag.
 */
final class FrozenPeer implements AutoCloseable {

    /** A window of 4 KiB: a few messages of a few hundred bytes exhaust it. */
    static final int WINDOW = 4096;
    static final byte HOLD = 100;

    final IplPair pair;
    private final ReceivePort inbox;
    private final CountDownLatch holding = new CountDownLatch(1);
    private final CountDownLatch thawed = new CountDownLatch(1);
    private final java.util.Map<Byte, java.util.concurrent.atomic.AtomicInteger> counts =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final Object arrivals = new Object();

    FrozenPeer() throws Exception {
        pair = new IplPair(c -> c.set(IplProperties.FLOW_WINDOW, WINDOW)
                .set(IplProperties.SERIALIZATION_CLASSES, SyncStopsWaitingForStealTest.Doubling.class.getName()));
        inbox = pair.node(1).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT, this::upcall);
    }

    private void upcall(ReadMessage m) throws IOException {
        byte tag = m.readByte();
        m.finish();
        if (tag == HOLD) {
            holding.countDown();
            try {
                thawed.await(60, TimeUnit.SECONDS); // the test thaws it; 60 s: a test that forgot ends anyway
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        counts.computeIfAbsent(tag, t -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
        synchronized (arrivals) {
            arrivals.notifyAll();
        }
    }

    /** Freezes node 1 through node 0's {@code peers}: returns once node 1's upcall thread holds. */
    void freeze(Peers peers) throws Exception {
        peers.send(1, HOLD, w -> { });
        if (!holding.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("node 1 did not get the HOLD message");
        }
    }

    void thaw() {
        thawed.countDown();
    }

    /** Waits until node 1 has read {@code count} messages tagged {@code tag}, at most 30 s; false if not. */
    boolean awaitArrived(byte tag, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        synchronized (arrivals) {
            while (arrived(tag) < count) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                arrivals.wait(left);
            }
        }
        return true;
    }

    int arrived(byte tag) {
        java.util.concurrent.atomic.AtomicInteger n = counts.get(tag);
        return n == null ? 0 : n.get();
    }

    /** Waits until {@code t} has ended, at most {@code seconds}; whether it did. */
    static boolean ended(Thread t, int seconds) throws InterruptedException {
        t.join(TimeUnit.SECONDS.toMillis(seconds));
        return !t.isAlive();
    }

    @Override
    public void close() throws Exception {
        thaw();
        inbox.close();
        pair.close();
    }
}
