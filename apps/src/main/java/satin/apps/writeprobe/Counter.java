package satin.apps.writeprobe;

import java.util.TreeSet;
import satin.SharedObject;

/**
 * A shared total, and the JVMs that have attended: a leaf notes its JVM and waits until the expected number have
 * (writes are applied holding the monitor, so {@link #attend} wakes the waiters), which spreads the leaves over the
 * nodes whatever the load.
 */
public final class Counter extends SharedObject implements CounterWrites {

    private static final long serialVersionUID = 1L;

    private long total;
    private final TreeSet<Long> jvms = new TreeSet<>();

    @Override
    public synchronized void add(long amount) {
        total += amount;
    }

    @Override
    public synchronized void attend(long jvm) {
        jvms.add(jvm);
        notifyAll();
    }

    public synchronized long total() {
        return total;
    }

    /** Waits until {@code n} JVMs attended, or until {@code deadlineMillis} (epoch ms). */
    public synchronized void awaitJvms(int n, long deadlineMillis) {
        while (jvms.size() < n && System.currentTimeMillis() < deadlineMillis) {
            try {
                wait(Math.max(1, deadlineMillis - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
