package satin.runtime.timeline;

import java.util.Arrays;

/**
 * The events of one row of a timeline (a worker thread, or a node's steals or messages), kept as five longs each
 * until the run is over. Appends and reads hold this track's lock: a worker's track has one writer and the lock is
 * uncontended; a node track is shared by the workers and the upcall thread.
 */
public final class Track {
    /** At most this many events per track (5 longs each: 20 MB); later ones are counted, not kept. */
    public static final int MAX_EVENTS = 1 << 19;

    /** A job run on a worker: a = 0, b = 0. */
    public static final int JOB = 1;
    /** A worker looking for work with none to run, outside any job: a = failed local steal attempts. */
    public static final int IDLE = 2;
    /** A worker inside a sync with nothing to run: a = failed local steal attempts. */
    public static final int SYNC_WAIT = 3;
    /**
     * A steal from another worker of the node (an instant): a = jobs taken &lt;&lt; 32 | victim worker (a batch steal takes
     * several, each counted in the statistics' local steals), b = failed attempts before.
     */
    public static final int LOCAL_STEAL = 4;
    /** Failed local steal attempts counted at the end of a worker's run (an instant): a = attempts. */
    public static final int LOCAL_ATTEMPTS = 5;
    /** A steal request sent to another node (async begin): a = request id, b = victim << 2 | wide << 1 | sync. */
    public static final int STEAL_SENT = 6;
    /** The reply to a steal request (async end): a = request id, b = victim << 1 | got a job. */
    public static final int STEAL_REPLY = 7;
    /** A message sent (an instant): a = peer << 8 | kind, b = bytes. */
    public static final int MESSAGE_SENT = 8;
    /** A message received (an instant): a = peer << 8 | kind, b = bytes. */
    public static final int MESSAGE_RECEIVED = 9;

    private final String name;
    private long[] events = new long[5 * 256];
    private int size;
    private long dropped;

    Track(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Appends one event: {@code kind}, its start and end ({@code start == end} for an instant), two arguments. */
    public synchronized void add(int kind, long start, long end, long a, long b) {
        if (size == MAX_EVENTS) {
            dropped++;
            return;
        }
        int i = 5 * size;
        if (i == events.length) {
            events = Arrays.copyOf(events, Math.min(2 * events.length, 5 * MAX_EVENTS));
        }
        events[i] = kind;
        events[i + 1] = start;
        events[i + 2] = end;
        events[i + 3] = a;
        events[i + 4] = b;
        size++;
    }

    /** A copy of the events so far, five longs each (kind, start, end, a, b). */
    public synchronized long[] snapshot() {
        return Arrays.copyOf(events, 5 * size);
    }

    public synchronized long dropped() {
        return dropped;
    }
}
