package satin.runtime.node;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import satin.runtime.node.wire.Message;

/**
 * The warm-up before a node's runtime starts: one WARMUP to every initial peer and one from each (see
 * {@link #warmUp}). Threads: WARMUPs are counted on the upcall thread ({@link #received}: a permit, never a wait);
 * the node's own thread waits for them, bounded by the run's timeout, and a failure releases it at once
 * ({@link #wake}).
 */
final class WarmUp {

    /** Permits a failure releases so that a warm-up waiting for any number of WARMUPs returns. */
    private static final int WAKE_WARM_UP = 1 << 20;

    private final NodeRun run;
    /** One permit per WARMUP message received; they may arrive before this node knows the pool's size. */
    private final Semaphore warmups = new Semaphore(0);

    WarmUp(NodeRun run) {
        this.run = run;
    }

    /** A WARMUP arrived (upcall thread). */
    void received() {
        warmups.release();
    }

    /** The run failed: a warm-up still waiting sees the failure at once. */
    void wake() {
        warmups.release(WAKE_WARM_UP);
    }

    /**
     * Sends every peer a message shaped like an empty steal reply and waits for theirs. The first message a
     * JVM writes or reads pays for setting up serialization (about 0.2 s on two busy cores); without this
     * the first steal requests of the run pay it, the thief waits and, on the master, main's start waits
     * behind its only worker's request.
     */
    void warmUp(Peers peers, int self, List<Integer> others) throws IOException, SatinNode.NodeFailure {
        NodeRun r = run;
        for (int i : others) {
            if (i != self) {
                peers.send(i, new Message.Warmup(self));
            }
        }
        try {
            // one WARMUP from every other node, but none from a node that died meanwhile (with fault tolerance: its
            // death is recovered like any other, the master's included); checked in slices, as a death releases no
            // permit. Without this the warm-up waited out the whole timeout (60 s) for a node that died before main
            // (issue 31). A dead node's WARMUP that came before its death may end the wait one WARMUP early: harmless,
            // as every message is safe to handle from the moment the receive port exists (see Dispatcher).
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(r.options.timeoutMillis());
            int got = 0;
            boolean all;
            while (true) {
                long needed = others.stream().filter(i -> !r.isDead(i)).count();
                all = got >= needed;
                long left = deadline - System.nanoTime();
                if (all || left <= 0 || r.finished.isCompletedExceptionally()) {
                    break;
                }
                if (warmups.tryAcquire(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, 50), TimeUnit.MILLISECONDS)) {
                    got++;
                }
            }
            if (r.finished.isCompletedExceptionally()) {
                throw r.failure();
            }
            if (!all) {
                throw new SatinNode.NodeFailure(r.who() + ": not every node answered the warm-up message within "
                        + r.options.timeoutMillis() + " ms", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SatinNode.NodeFailure(r.who() + ": interrupted during the warm-up", e);
        }
    }
}
