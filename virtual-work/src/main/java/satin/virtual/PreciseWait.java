package satin.virtual;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until a deadline on {@link System#nanoTime()} without holding a processor for most of the wait: parks
 * until shortly before the deadline, then spins the rest. How long before is learned: a park on Linux wakes up
 * late by the timer slack (about 50 us) plus however long the woken thread waits for a processor, which on a busy
 * machine is much more; the margin follows an exponentially weighted mean of the measured lateness (times 1.5,
 * between {@value #MIN_MARGIN_NANOS} and {@value #MAX_MARGIN_NANOS} ns), so the spin is as short as the machine
 * allows. One instance per thread (it keeps that thread's estimate); not thread-safe.
 */
final class PreciseWait {
    static final long MIN_MARGIN_NANOS = 10_000;
    static final long MAX_MARGIN_NANOS = 1_000_000;

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
