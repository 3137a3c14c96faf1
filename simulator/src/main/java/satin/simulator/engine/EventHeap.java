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
 * Lanes and heap hold three longs per event: its time, its <em>key</em> (the scheduling number in the upper 40
 * bits and a reference slot in the lower 24) and the {@code long} the caller encodes its event in. An event's
 * object reference (e.g. the job a message carries), when it has one, sits in an array indexed by the slot and
 * never moves; slot 0 means "no reference", so an event without one (most of them: steal requests, empty replies)
 * is read entirely from the lane or heap entry it is taken from, with no other cache line. Comparing keys compares
 * scheduling numbers, since the slot bits lie below them and numbers are unique. Free slots are kept on a stack,
 * so the slot of the event just taken is the next one used (its cache line is still warm). The heap's entries
 * are 24 bytes in one array, so the four children of an entry share two cache lines.
 *
 * <p>Why: a large simulation takes a billion events from tens of thousands pending, which do not fit the
 * processor's nearer caches. The earlier form (one heap of four parallel arrays: time, number, word, reference)
 * touched four cache lines for each entry it moved, about seven levels deep, for every event; a lane touches the
 * line at its head and the line at its tail, in order. (A later form kept the word in a slot array too, which cost
 * a cache miss per event at 30,000 nodes: 7% of the run time.) Measured: {@code satin simulate scale --nodes 10000
 * --clusters 100}, see the module README. Scheduling allocates nothing (arrays grow by doubling and are reused).
 *
 * <p>Limits: 2^24 - 1 (16.7 million) events with a reference pending at once and 2^39 (5 * 10^11) events scheduled
 * in all.
 *
 * <p>Use: {@link #schedule} events; {@link #next()} removes the earliest and makes its {@link #word()} and
 * {@link #ref()} current until the next call.
 */
public final class EventHeap {
    private static final int SLOT_BITS = 24;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
    /** Most events with a reference pending at once (slot 0 means none). */
    public static final int MAX_PENDING = (1 << SLOT_BITS) - 1;
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

    /** Entry i: time at 3i, key (sequence << 24 | slot) at 3i + 1, word at 3i + 2. */
    private long[] heap = new long[3 * 1024];
    /** References by slot; slot 0 is never used (it means "no reference"). */
    private Object[] refs = new Object[1024];
    /** Values by slot, for events scheduled with one ({@link #scheduleValue}). */
    private long[] values = new long[1024];
    /** Free reference slots, a stack; slots at or above {@code slotsUsed} are free and not on it. */
    private int[] freeSlots = new int[1024];
    private int freeCount;
    private int slotsUsed = 1;
    private int size;
    /** FIFO lanes for events of a common delay (see the class comment), and the time at each lane's head. */
    private final EventLane[] lanes = new EventLane[LANES];
    private final long[] laneDelays = new long[LANES];
    private final long[] laneHeads = new long[LANES];
    private long nextSequence;
    private long now;
    private long word;
    private Object ref;
    private long value;

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

    /** The value of the event last taken by {@link #next()}: what {@link #scheduleValue} gave it, else 0. */
    public long value() {
        return value;
    }

    /** Schedules an event at absolute time {@code time}, which may not lie in the past. */
    public void schedule(long time, long eventWord, Object eventRef) {
        check(time);
        int slot = 0;
        if (eventRef != null) {
            slot = allocateSlot();
            refs[slot] = eventRef;
        }
        enqueue(time, eventWord, slot);
    }

    /**
     * Schedules an event that carries a {@code long} beside its word instead of a reference (a slot holds it, as it
     * would a reference): what a caller would otherwise allocate an object for, or keep one alive for until the event.
     */
    public void scheduleValue(long time, long eventWord, long eventValue) {
        check(time);
        int slot = allocateSlot();
        values[slot] = eventValue;
        enqueue(time, eventWord, slot);
    }

    private void check(long time) {
        if (time < now) {
            throw new IllegalArgumentException("event scheduled at " + time + " ns, before the current time " + now + " ns");
        }
        if (nextSequence == MAX_SEQUENCE) {
            throw new IllegalStateException("more than " + MAX_SEQUENCE + " events scheduled");
        }
    }

    private void enqueue(long time, long eventWord, int slot) {
        long key = nextSequence++ << SLOT_BITS | slot;
        long delay = time - now;
        int lane = laneFor(delay);
        if (lane >= 0) {
            lanes[lane].add(time, key, eventWord);
            if (lanes[lane].size() == 1) {
                laneHeads[lane] = time;
            }
            return;
        }
        if (3 * size == heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        long[] h = heap;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = h[3 * parent];
            if (pt < time || (pt == time && h[3 * parent + 1] < key)) {
                break;
            }
            h[3 * i] = pt;
            h[3 * i + 1] = h[3 * parent + 1];
            h[3 * i + 2] = h[3 * parent + 2];
            i = parent;
        }
        h[3 * i] = time;
        h[3 * i + 1] = key;
        h[3 * i + 2] = eventWord;
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
        if (slotsUsed == refs.length) {
            if (slotsUsed > MAX_PENDING) {
                throw new IllegalStateException("more than " + MAX_PENDING + " events with a reference pending at once");
            }
            int grown = Math.min(MAX_PENDING + 1, slotsUsed * 2);
            refs = Arrays.copyOf(refs, grown);
            values = Arrays.copyOf(values, grown);
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
            take(bestTime, bestKey, l.headWord());
            l.removeHead();
            laneHeads[lane] = l.size() == 0 ? EMPTY : l.headTime();
            return true;
        }
        if (size == 0) {
            return false;
        }
        long[] h = heap;
        take(bestTime, bestKey, h[2]);
        int last = --size;
        if (last > 0) {
            long lt = h[3 * last];
            long lk = h[3 * last + 1];
            long lw = h[3 * last + 2];
            int i = 0;
            while (true) {
                int first = 4 * i + 1;
                if (first >= last) {
                    break;
                }
                int child = first;
                long ct = h[3 * first];
                long ck = h[3 * first + 1];
                int end = Math.min(first + 4, last);
                for (int c = first + 1; c < end; c++) {
                    long t = h[3 * c];
                    if (t < ct || (t == ct && h[3 * c + 1] < ck)) {
                        child = c;
                        ct = t;
                        ck = h[3 * c + 1];
                    }
                }
                if (ct > lt || (ct == lt && ck > lk)) {
                    break;
                }
                h[3 * i] = ct;
                h[3 * i + 1] = ck;
                h[3 * i + 2] = h[3 * child + 2];
                i = child;
            }
            h[3 * i] = lt;
            h[3 * i + 1] = lk;
            h[3 * i + 2] = lw;
        }
        return true;
    }

    /** Makes the event (time, key, word) current and frees its reference slot, if it has one. */
    private void take(long time, long key, long eventWord) {
        now = time;
        word = eventWord;
        int slot = (int) (key & SLOT_MASK);
        if (slot == 0) {
            ref = null;
            value = 0;
            return;
        }
        ref = refs[slot];
        value = values[slot];
        refs[slot] = null;
        values[slot] = 0;
        freeSlots[freeCount++] = slot;
    }
}
