package satin.apps.abortprobe;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Event counts by name, as a shared object: a job on any node counts what happened to it ("A3 started"), and the
 * master waits for an event (a count reaching a number) instead of for time. Writes are applied holding the monitor,
 * so they wake the waiters.
 */
public final class Tally extends satin.SharedObject implements TallyWrites {

    private static final long serialVersionUID = 1L;

    private final HashMap<String, Integer> counts = new HashMap<>();

    @Override
    public synchronized void add(String event) {
        counts.merge(event, 1, Integer::sum);
        notifyAll();
    }

    public synchronized int count(String event) {
        return counts.getOrDefault(event, 0);
    }

    /** A copy of every count, by event name. */
    public synchronized Map<String, Integer> counts() {
        return new TreeMap<>(counts);
    }

    /** Waits until {@code event} counted at least {@code atLeast}; false after {@code deadlineNanos}. */
    public synchronized boolean await(String event, int atLeast, long deadlineNanos) {
        return Monitors.await(this, () -> count(event) >= atLeast, deadlineNanos);
    }
}
