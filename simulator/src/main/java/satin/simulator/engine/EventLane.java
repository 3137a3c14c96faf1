package satin.simulator.engine;

/**
 * A FIFO of (time, key) pairs, a ring buffer of longs that doubles when full. {@link EventHeap} appends to a lane
 * only events that cannot come before its tail, so a lane is always sorted and its head is its earliest event.
 */
final class EventLane {
    /** Entry i at 2i (time) and 2i + 1 (key); capacity a power of two. */
    private long[] ring = new long[2 * 256];
    private int head;
    private int size;

    int size() {
        return size;
    }

    void add(long time, long key) {
        int capacity = ring.length >>> 1;
        if (size == capacity) {
            long[] bigger = new long[ring.length * 2];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (capacity - 1);
                bigger[2 * i] = ring[2 * from];
                bigger[2 * i + 1] = ring[2 * from + 1];
            }
            ring = bigger;
            head = 0;
            capacity *= 2;
        }
        int at = (head + size++) & (capacity - 1);
        ring[2 * at] = time;
        ring[2 * at + 1] = key;
    }

    long headTime() {
        return ring[2 * head];
    }

    long headKey() {
        return ring[2 * head + 1];
    }

    void removeHead() {
        head = (head + 1) & ((ring.length >>> 1) - 1);
        size--;
    }
}
