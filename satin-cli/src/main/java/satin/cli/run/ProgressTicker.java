package satin.cli.run;

import java.util.concurrent.TimeUnit;

/**
 * A daemon thread that runs an action every period, after a first delay, until closed. Used for the progress line ({@code satin run --progress}): in one JVM and in the
 * launcher to draw it, in a node JVM to report to the launcher. Its own thread, so no worker or I/O thread ever waits
 * for a progress line; close waits at most one action's time for it (a bounded join).
 */
final class ProgressTicker implements AutoCloseable {
    private final Thread thread;
    private volatile boolean closed;

    ProgressTicker(Runnable action, long delayMillis, long periodMillis) {
        this.thread = new Thread(() -> {
            long next = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis);
            while (!closed) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    java.util.concurrent.locks.LockSupport.parkNanos(this, wait);
                    continue;
                }
                action.run();
                next = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(periodMillis);
            }
        }, "satin-progress");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the ticks; returns once a tick in progress has ended (or after 2 s: a stuck stderr). */
    @Override
    public void close() {
        closed = true;
        java.util.concurrent.locks.LockSupport.unpark(thread);
        try {
            thread.join(2_000); // at most one tick in progress; a stuck stderr must not hold the run's end forever
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
