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
 *   <li>it parks until {@code deadline - lateness}, with {@code lateness} an exponentially weighted mean of how late
 *       its parks woke up (at most {@value #MAX_LATENESS_NANOS} ns), so that the wake-up lands on the deadline on
 *       average: on two cores shared by dozens of nodes a woken thread waits for a processor (measured with 32 nodes:
 *       124 us per wake-up on average, besides the timer slack of about 50 us), and a wait that parked until its
 *       deadline overshot by all of that;</li>
 *   <li>a wait with less than {@code lateness + MIN_PARK_NANOS} to go is not parked (again) but owed (the balance
 *       goes negative) and paid with the next wait: a park cannot be more precise than its lateness.</li>
 * </ul>
 * So after every wait the balance is the error of the thread's clock of work against the sum of its waits: never
 * below {@code -MAX_OWED_NANOS}, and above zero only by the lateness of the last wake-up.
 *
 * <p>A balance belongs to one run of a program (a tree): a wait of another run starts from a balance of zero.
 * Otherwise lateness from before a measured tree (the warm-up tree's waits, in JVMs still starting up on a loaded
 * machine) would be paid back by shortening the measured tree's waits, and its nodes would finish sooner than their
 * work allows (seen once: an efficiency of 1.316). Within one run, a worker's waits sum to at least what was asked
 * less {@link #MAX_OWED_NANOS}, so n workers cannot beat {@code t_s / n} by more than that. One instance per thread;
 * not thread-safe.
 */
final class PreciseWait {
    static final long MIN_PARK_NANOS = 100_000;
    static final long MAX_LATENESS_NANOS = 1_000_000;
    /** The most a thread can owe after a wait: it ended early by less than its lateness and one short wait. */
    static final long MAX_OWED_NANOS = MAX_LATENESS_NANOS + MIN_PARK_NANOS;

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
        while (deadline - now >= lateness + MIN_PARK_NANOS) {
            long wake = deadline - lateness;
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

    /** How late this thread's parks wake up, on average (recent ones weigh more). */
    long lateness() {
        return lateness;
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
