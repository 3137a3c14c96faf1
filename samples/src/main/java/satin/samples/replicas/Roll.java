package satin.samples.replicas;

import java.util.TreeSet;
import satin.SharedObject;

/**
 * The JVMs that have taken part, as a shared object: a job notes its JVM and can wait until a number of JVMs have,
 * which holds its worker so that the other nodes must take the remaining jobs (the spread is then exact, whatever
 * the machine's load). A write is applied holding the object's monitor, so {@link #attend} wakes waiters on it.
 */
public class Roll extends SharedObject implements RollWrites {

    private static final long serialVersionUID = 1L;

    private final TreeSet<String> jvms = new TreeSet<>();

    @Override
    public synchronized void attend(String jvm) {
        jvms.add(jvm);
        notifyAll();
    }

    public synchronized int size() {
        return jvms.size();
    }

    /** Waits until {@code n} JVMs have attended, or until {@code deadlineMillis} (epoch ms) has passed. */
    public synchronized void awaitAtLeast(int n, long deadlineMillis) {
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
