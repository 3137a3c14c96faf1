package satin.virtual;

import java.util.concurrent.locks.LockSupport;

/**
 * The timed waits of one worker thread, kept exact in sum rather than each one exact, without ever spinning.
 *
 * <p>Why not spin: a park on Linux wakes up late by the timer slack (about 50 us) plus however long the woken thread
 * waits for a processor. Spinning the last stretch of each wait hides the first part, but dozens of node JVMs share
 * two cores in an experiment, and every spinning thread takes a processor from the nodes that have messages to
 * handle, which makes every wake-up later still. Measured on this machine with a spin of up to 80 us per wait:
 * 16 node JVMs overshot their waits by 62% of the waited time.
 *
 * <p>What instead: the thread keeps a <em>balance</em>, the time it has waited minus the time it was asked to wait,
 * summed over its waits. Each wait aims at the deadline that brings the balance back to zero, so a wait that ended
 * late is paid back by the next one. Two rules keep each wait close, too:
 * <ul>
 *   <li>it parks until {@code deadline - min(lateness, MIN_PARK_NANOS / 2)}, with {@code lateness} an exponentially
 *       weighted mean of how late its parks woke up (so a wake-up that comes on time leaves less than
 *       {@code MIN_PARK_NANOS} to go, and the wait ends there);</li>
 *   <li>a wait that has less than {@value #MIN_PARK_NANOS} ns to go is not parked at all but owed (the balance goes
 *       negative) and paid with the next wait: a park cannot be that precise anyway.</li>
 * </ul>
 * So after every wait the balance is the error of the thread's clock of work against the sum of its waits: never
 * below {@code -MIN_PARK_NANOS}, and above zero only by the lateness of the last wake-up. One instance per thread;
 * not thread-safe.
 */
final class PreciseWait {
    static final long MIN_PARK_NANOS = 100_000;
    static final long MAX_LATENESS_NANOS = 1_000_000;

    private long lateness = 60_000;
    private long balance;
    private long run;

    /**
     * Waits {@code wait} ns counted from {@code start} (a {@link System#nanoTime()} reading), settling this thread's
     * balance; returns the balance afterwards (positive: the thread is that far behind the sum of its waits).
     */
    long waitFrom(long start, long wait) {
        return waitFrom(start, wait, run);
    }

    /** As {@link #waitFrom(long, long)} for a job of run {@code run}: a new run starts from a balance of zero. */
    long waitFrom(long start, long wait, long run) {
        balance(run);
        long deadline = start + wait - balance;
        long now = System.nanoTime();
        while (deadline - now >= MIN_PARK_NANOS) {
            long wake = deadline - Math.min(lateness, MIN_PARK_NANOS / 2);
            LockSupport.parkNanos(this, wake - now);
            now = System.nanoTime();
            long late = now - wake;
            if (late >= 0) { // an early return (unpark, interrupt) says nothing about lateness
                lateness = Math.min(MAX_LATENESS_NANOS, lateness + (late - lateness) / 8);
            }
        }
        balance = now - deadline;
        return balance;
    }

    /** This thread's balance: waited minus asked, over all its waits so far. */
    long balance() {
        return balance;
    }

    /** This thread's balance for a job of run {@code run}: zero when the thread's last wait was another run's. */
    long balance(long run) {
        if (run != this.run) {
            this.run = run;
            balance = 0;
        }
        return balance;
    }
}
