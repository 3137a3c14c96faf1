package satin.apps.abortprobe;

import satin.SharedObject;

/**
 * Which spinning leaves started and stopped, on which JVM, and when the last one began to spin and stopped (its
 * {@code System.nanoTime()}: node JVMs on one machine share the monotonic clock). Writes are applied holding the
 * monitor, so they wake the waiters.
 */
public final class Stops extends SharedObject implements StopsWrites {

    private static final long serialVersionUID = 1L;

    private final long master;
    private int startedElsewhere;
    private int stoppedElsewhere;
    private long lastStop;
    private long lastSpinStart;

    public Stops(long master) {
        this.master = master;
    }

    @Override
    public synchronized void started(long jvm) {
        startedElsewhere += jvm != master ? 1 : 0;
        notifyAll();
    }

    @Override
    public synchronized void stopped(long jvm, long spinningSince, long nanoTime) {
        if (jvm != master) {
            stoppedElsewhere++;
            lastStop = Math.max(lastStop, nanoTime);
            lastSpinStart = Math.max(lastSpinStart, spinningSince);
        }
        notifyAll();
    }

    /** Waits until a leaf started on another JVM than the master's; false after {@code deadlineNanos}. */
    public synchronized boolean awaitStartedElsewhere(long deadlineNanos) {
        return await(() -> startedElsewhere > 0, deadlineNanos);
    }

    /** Waits until every leaf that started elsewhere stopped; false after {@code deadlineNanos}. */
    public synchronized boolean awaitStoppedElsewhere(long deadlineNanos) {
        return await(() -> stoppedElsewhere >= startedElsewhere, deadlineNanos);
    }

    public synchronized long lastStop() {
        return lastStop;
    }

    /** When the last leaf elsewhere began to spin: its {@code started} write had returned there. */
    public synchronized long lastSpinStart() {
        return lastSpinStart;
    }

    private boolean await(java.util.function.BooleanSupplier done, long deadlineNanos) {
        return Monitors.await(this, done, deadlineNanos);
    }
}
