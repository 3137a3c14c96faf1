package satin.simulator.engine;

import java.util.Arrays;

/**
 * Four-ary min-heap of events held as primitives: each event is a time, a scheduling number, one {@code long}
 * the caller encodes its event in, and one object reference (for example the job a message carries), stored in
 * four parallel arrays. Ordered by (time, scheduling order), exactly like {@link EventQueue}, so a simulation
 * moved from objects to this heap replays the same events in the same order.
 *
 * <p>Why: a large simulation schedules a billion events; an event object per steal request is an allocation,
 * and every comparison in an object heap is a load from a different cache line. Here scheduling allocates
 * nothing (the arrays grow by doubling and are reused) and a comparison reads two arrays indexed together.
 * Four children per node halve the depth of a binary heap, and the four children's times share a cache line,
 * so taking the earliest event (the common operation: every event is taken once, most schedule one more)
 * misses the cache about half as often.
 *
 * <p>Use: {@link #schedule} events; {@link #next()} removes the earliest and makes its {@link #word()} and
 * {@link #ref()} current until the next call.
 */
public final class EventHeap {
    private long[] times = new long[1024];
    private long[] sequences = new long[1024];
    private long[] words = new long[1024];
    private Object[] refs = new Object[1024];
    private int size;
    private long nextSequence;
    private long now;
    private long word;
    private Object ref;

    /** Current simulated time: the time of the last event taken, in nanoseconds. */
    public long now() {
        return now;
    }

    public int size() {
        return size;
    }

    /** The encoded event last taken by {@link #next()}. */
    public long word() {
        return word;
    }

    /** The reference of the event last taken by {@link #next()}, may be null. */
    public Object ref() {
        return ref;
    }

    /** Schedules an event at absolute time {@code time}, which may not lie in the past. */
    public void schedule(long time, long eventWord, Object eventRef) {
        if (time < now) {
            throw new IllegalArgumentException("event scheduled at " + time + " ns, before the current time " + now + " ns");
        }
        long sequence = nextSequence++;
        if (size == times.length) {
            int grown = size * 2;
            times = Arrays.copyOf(times, grown);
            sequences = Arrays.copyOf(sequences, grown);
            words = Arrays.copyOf(words, grown);
            refs = Arrays.copyOf(refs, grown);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = times[parent];
            if (pt < time || (pt == time && sequences[parent] < sequence)) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        times[i] = time;
        sequences[i] = sequence;
        words[i] = eventWord;
        refs[i] = eventRef;
    }

    /**
     * Removes the earliest event, advances the clock to it and makes it current ({@link #word()}, {@link #ref()});
     * returns false when there is none.
     */
    public boolean next() {
        if (size == 0) {
            return false;
        }
        now = times[0];
        word = words[0];
        ref = refs[0];
        int last = --size;
        long lt = times[last];
        long ls = sequences[last];
        long lw = words[last];
        Object lr = refs[last];
        refs[last] = null;
        if (last > 0) {
            int i = 0;
            while (true) {
                int first = 4 * i + 1;
                if (first >= last) {
                    break;
                }
                int child = first;
                int end = Math.min(first + 4, last);
                for (int c = first + 1; c < end; c++) {
                    if (before(c, child)) {
                        child = c;
                    }
                }
                long ct = times[child];
                if (ct > lt || (ct == lt && sequences[child] > ls)) {
                    break;
                }
                move(child, i);
                i = child;
            }
            times[i] = lt;
            sequences[i] = ls;
            words[i] = lw;
            refs[i] = lr;
        }
        return true;
    }

    private boolean before(int a, int b) {
        long ta = times[a];
        long tb = times[b];
        return ta < tb || (ta == tb && sequences[a] < sequences[b]);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        sequences[to] = sequences[from];
        words[to] = words[from];
        refs[to] = refs[from];
    }
}
