package satin.simulator.engine;

import java.util.Arrays;

/**
 * Binary min-heap of events keyed by (time, scheduling order). A hand-written heap rather than
 * {@link java.util.PriorityQueue} so that the comparison is on primitive fields with no comparator call; the
 * simulator schedules tens of millions of events per run.
 */
public final class EventQueue {
    private Event[] heap = new Event[1024];
    private int size;
    private long nextSequence;
    private long now;

    /** Current simulated time: the time of the last event taken, in nanoseconds. */
    public long now() {
        return now;
    }

    public int size() {
        return size;
    }

    /** Schedules {@code event} at absolute time {@code time}, which may not lie in the past. */
    public void schedule(Event event, long time) {
        if (time < now) {
            throw new IllegalArgumentException("event scheduled at " + time + " ns, before the current time " + now + " ns");
        }
        event.time = time;
        event.sequence = nextSequence++;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (!before(event, p)) {
                break;
            }
            heap[i] = p;
            i = parent;
        }
        heap[i] = event;
    }

    /** Removes and returns the earliest event and advances the clock to it, or returns null when empty. */
    public Event next() {
        if (size == 0) {
            return null;
        }
        Event first = heap[0];
        Event last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            int i = 0;
            int half = size >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                Event c = heap[child];
                int right = child + 1;
                if (right < size && before(heap[right], c)) {
                    child = right;
                    c = heap[child];
                }
                if (!before(c, last)) {
                    break;
                }
                heap[i] = c;
                i = child;
            }
            heap[i] = last;
        }
        now = first.time;
        return first;
    }

    private static boolean before(Event a, Event b) {
        return a.time < b.time || (a.time == b.time && a.sequence < b.sequence);
    }
}
