package satin.simulator.engine;

import java.util.Arrays;

/**
 * Priority queue of events held as primitives, ordered by (time, scheduling order) exactly like
 * {@link EventQueue}, so a simulation moved from objects to this queue replays the same events in the same order.
 *
 * <h2>Lanes and heap</h2>
 * Most events of a large simulation are steal requests and replies on idle links, each due "now plus the link's
 * latency plus the transmission time of a small message": many events share one delay. Events scheduled one
 * after the other with the same delay fall due in the order they were scheduled (the clock never goes back), so
 * they need no sorting: such an event is appended to a FIFO {@link EventLane} kept for its delay. There are
 * {@value #LANES}; a lane is given to a new delay only when it is empty and the delay is short (longer delays,
 * such as job run times, rarely repeat). Everything else goes to a four-ary min-heap. Taking an event compares
 * the heads of the lanes and the heap's top by (time, scheduling number), which is exact: each lane is sorted,
 * and the earliest of the sorted sequences' heads is the earliest event.
 *
 * <h2>Layout</h2>
 * Lanes and heap hold two longs per event: its time and its <em>key</em>, the scheduling number in the upper 40
 * bits and a payload slot in the lower 24. The payload (one {@code long} the caller encodes its event in, and one
 * object reference, e.g. the job a message carries) sits in two arrays indexed by the slot and never moves: it
 * is written once when the event is scheduled and read once when it is taken. Comparing keys compares
 * scheduling numbers, since the slot bits lie below them and numbers are unique. Free slots are kept on a stack,
 * so the slot of the event just taken is the next one used (its cache lines are still warm). The heap's entries
 * are 16 bytes in one array, so the four children of an entry share one or two cache lines.
 *
 * <p>Why: a large simulation takes a billion events from tens of thousands pending, which do not fit the
 * processor's nearer caches. The earlier form (one heap of four parallel arrays: time, number, word, reference)
 * touched four cache lines for each entry it moved, about seven levels deep, for every event; a lane touches the
 * line at its head and the line at its tail, in order. Measured: {@code satin simulate scale --nodes 10000
 * --clusters 100}, see the module README. Scheduling allocates nothing (arrays grow by doubling and are reused).
 *
 * <p>Limits: 2^24 (16.7 million) events pending at once and 2^39 (5 * 10^11) events scheduled in all.
 *
 * <p>Use: {@link #schedule} events; {@link #next()} removes the earliest and makes its {@link #word()} and
 * {@link #ref()} current until the next call.
 */
public final class EventHeap {
    private static final int SLOT_BITS = 24;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
    /** Most events pending at once. */
    public static final int MAX_PENDING = 1 << SLOT_BITS;
    private static final long MAX_SEQUENCE = 1L << (64 - SLOT_BITS - 1);
    private static final int LANES = 6;
    /** An empty lane is given only to a delay up to this (longer ones are rarely shared by many events). */
    private static final long LANE_HORIZON_NANOS = 1_000_000;
    private static final long EMPTY = Long.MAX_VALUE;

    public EventHeap() {
        for (int i = 0; i < LANES; i++) {
            lanes[i] = new EventLane();
            laneDelays[i] = -1;
            laneHeads[i] = EMPTY;
        }
    }

    /** Entry i: time at 2i, key (sequence << 24 | slot) at 2i + 1. */
    private long[] heap = new long[2 * 1024];
    private long[] words = new long[1024];
    private Object[] refs = new Object[1024];
    /** Free payload slots, a stack; slots at or above {@code slotsUsed} are free and not on it. */
    private int[] freeSlots = new int[1024];
    private int freeCount;
    private int slotsUsed;
    private int size;
    /** FIFO lanes for events of a common delay (see the class comment), and the time at each lane's head. */
    private final EventLane[] lanes = new EventLane[LANES];
    private final long[] laneDelays = new long[LANES];
    private final long[] laneHeads = new long[LANES];
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
        if (nextSequence == MAX_SEQUENCE) {
            throw new IllegalStateException("more than " + MAX_SEQUENCE + " events scheduled");
        }
        int slot = allocateSlot();
        words[slot] = eventWord;
        refs[slot] = eventRef;
        long key = nextSequence++ << SLOT_BITS | slot;
        long delay = time - now;
        int lane = laneFor(delay);
        if (lane >= 0) {
            lanes[lane].add(time, key);
            if (lanes[lane].size() == 1) {
                laneHeads[lane] = time;
            }
            return;
        }
        if (2 * size == heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        long[] h = heap;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = h[2 * parent];
            if (pt < time || (pt == time && h[2 * parent + 1] < key)) {
                break;
            }
            h[2 * i] = pt;
            h[2 * i + 1] = h[2 * parent + 1];
            i = parent;
        }
        h[2 * i] = time;
        h[2 * i + 1] = key;
    }

    /**
     * The lane for an event {@code delay} ns from now: the lane already holding that delay, else an empty lane if
     * the delay is short, else -1 (the heap). Events with one delay, scheduled in order, arrive in order, so a lane
     * stays sorted by (time, scheduling order).
     */
    private int laneFor(long delay) {
        int empty = -1;
        for (int i = 0; i < LANES; i++) {
            if (laneDelays[i] == delay) {
                return i;
            }
            if (empty < 0 && lanes[i].size() == 0) {
                empty = i;
            }
        }
        if (empty >= 0 && delay <= LANE_HORIZON_NANOS) {
            laneDelays[empty] = delay;
            return empty;
        }
        return -1;
    }

    private int allocateSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotsUsed == words.length) {
            if (slotsUsed == MAX_PENDING) {
                throw new IllegalStateException("more than " + MAX_PENDING + " events pending at once");
            }
            int grown = Math.min(MAX_PENDING, slotsUsed * 2);
            words = Arrays.copyOf(words, grown);
            refs = Arrays.copyOf(refs, grown);
            freeSlots = Arrays.copyOf(freeSlots, grown);
        }
        return slotsUsed++;
    }

    /**
     * Removes the earliest event, advances the clock to it and makes it current ({@link #word()}, {@link #ref()});
     * returns false when there is none.
     */
    public boolean next() {
        int lane = -1;
        long bestTime = Long.MAX_VALUE;
        long bestKey = Long.MAX_VALUE;
        if (size > 0) {
            bestTime = heap[0];
            bestKey = heap[1];
        }
        for (int i = 0; i < LANES; i++) {
            long t = laneHeads[i];
            if (t < bestTime || (t == bestTime && t != EMPTY && lanes[i].headKey() < bestKey)) {
                lane = i;
                bestTime = t;
                bestKey = lanes[i].headKey();
            }
        }
        if (lane >= 0) {
            EventLane l = lanes[lane];
            l.removeHead();
            laneHeads[lane] = l.size() == 0 ? EMPTY : l.headTime();
            take(bestTime, bestKey);
            return true;
        }
        if (size == 0) {
            return false;
        }
        take(bestTime, bestKey);
        long[] h = heap;
        int last = --size;
        if (last > 0) {
            long lt = h[2 * last];
            long lk = h[2 * last + 1];
            int i = 0;
            while (true) {
                int first = 4 * i + 1;
                if (first >= last) {
                    break;
                }
                int child = first;
                long ct = h[2 * first];
                long ck = h[2 * first + 1];
                int end = Math.min(first + 4, last);
                for (int c = first + 1; c < end; c++) {
                    long t = h[2 * c];
                    if (t < ct || (t == ct && h[2 * c + 1] < ck)) {
                        child = c;
                        ct = t;
                        ck = h[2 * c + 1];
                    }
                }
                if (ct > lt || (ct == lt && ck > lk)) {
                    break;
                }
                h[2 * i] = ct;
                h[2 * i + 1] = ck;
                i = child;
            }
            h[2 * i] = lt;
            h[2 * i + 1] = lk;
        }
        return true;
    }

    /** Makes the event (time, key) current and frees its payload slot. */
    private void take(long time, long key) {
        now = time;
        int slot = (int) (key & SLOT_MASK);
        word = words[slot];
        ref = refs[slot];
        refs[slot] = null;
        freeSlots[freeCount++] = slot;
    }
}
