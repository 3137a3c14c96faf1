package satin.apps.abortprobe;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import satin.SatinObject;

/** See the package comment. */
public final class Spinner extends SatinObject implements SpinnerInter {

    private static final long WAIT_NANOS = 10_000_000_000L;
    private static final AtomicInteger SPINNING = new AtomicInteger();
    private static final AtomicLong LAST_STOP = new AtomicLong();

    @Override
    public void spin(int depth) {
        if (depth == 0) {
            SPINNING.incrementAndGet();
            try {
                for (long i = 0; ; i++) {
                    long s = step(i);
                    sync();
                    if (s < 0) {
                        return;
                    }
                }
            } finally {
                LAST_STOP.accumulateAndGet(System.nanoTime(), Math::max);
                SPINNING.decrementAndGet();
            }
        }
        spin(depth - 1);
        spin(depth - 1);
        sync();
    }

    @Override
    public long step(long i) {
        return i & 1;
    }

    @Override
    public void trigger(int leaves) throws Go {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (SPINNING.get() < leaves) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(leaves + " leaves did not start spinning within 10 s");
            }
            Thread.onSpinWait();
        }
        throw new Go();
    }

    /**
     * Starts a spinning tree of {@code depth} levels, waits until {@code leaves} leaves spin, aborts the tree from an
     * inlet and returns the nanoseconds from the {@code abort()} call to the last leaf stopping. Needs a worker
     * besides the caller's per spinning leaf.
     */
    public static long measure(int depth, int leaves) {
        return new Spinner().abortTree(depth, leaves);
    }

    private long abortTree(int depth, int leaves) {
        LAST_STOP.set(0);
        long abortedAt = 0;
        spin(depth);
        try {
            trigger(leaves);
        } catch (Go g) {
            abortedAt = System.nanoTime();
            abort();
        }
        sync();
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (SPINNING.get() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("aborted leaves still spin after 10 s");
            }
            Thread.onSpinWait();
        }
        return LAST_STOP.get() - abortedAt;
    }
}
