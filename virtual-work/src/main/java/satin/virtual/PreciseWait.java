package satin.virtual;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until a deadline on {@link System#nanoTime()} without holding a processor for most of the wait: parks
 * until shortly before the deadline, then spins the rest. How long before is learned: a park on Linux wakes up
 * late by the timer slack (about 50 us) plus however long the woken thread waits for a processor; the margin follows
 * an exponentially weighted mean of the measured lateness (times 1.5), but never more than
 * {@value #MAX_MARGIN_NANOS} ns. The cap matters: on an overloaded machine the lateness is the wait for a processor,
 * and spinning longer to hide it takes processors from the other nodes, which makes every wake-up later still (with
 * a 1 ms cap, measured: 8 node JVMs on 2 cores overshot their waits by 45-93%). One instance per thread (it keeps
 * that thread's estimate); not thread-safe.
 */
final class PreciseWait {
    static final long MIN_MARGIN_NANOS = 10_000;
    static final long MAX_MARGIN_NANOS = 80_000;

    private long lateness = 60_000;

    /** Waits until {@code deadline}; returns how far past it the wait ended (0 or more nanoseconds). */
    long until(long deadline) {
        while (true) {
            long now = System.nanoTime();
            long left = deadline - now;
            if (left <= 0) {
                return -left;
            }
            long margin = Math.min(MAX_MARGIN_NANOS, Math.max(MIN_MARGIN_NANOS, lateness + lateness / 2));
            if (left > margin) {
                long wake = deadline - margin;
                LockSupport.parkNanos(this, wake - now);
                long late = System.nanoTime() - wake;
                if (late >= 0) { // an early return (unpark, interrupt) says nothing about lateness
                    lateness += (late - lateness) / 8;
                }
            } else {
                while (System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
            }
        }
    }
}
