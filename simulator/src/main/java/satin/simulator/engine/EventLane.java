package satin.simulator.engine;

/**
 * A FIFO of (time, key, word) triples, a ring buffer of longs that doubles when full. {@link EventHeap} appends to a lane
 * only events that cannot come before its tail, so a lane is always sorted and its head is its earliest event.
 */
final class EventLane {
    /** Entry i at 3i (time), 3i + 1 (key) and 3i + 2 (word); capacity (entries) a power of two. */
    private long[] ring = new long[3 * 256];
    private int capacity = 256;
    private int head;
    private int size;

    int size() {
        return size;
    }

    void add(long time, long key, long word) {
        if (size == capacity) {
            long[] bigger = new long[ring.length * 2];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (capacity - 1);
                bigger[3 * i] = ring[3 * from];
                bigger[3 * i + 1] = ring[3 * from + 1];
                bigger[3 * i + 2] = ring[3 * from + 2];
            }
            ring = bigger;
            head = 0;
            capacity *= 2;
        }
        int at = (head + size++) & (capacity - 1);
        ring[3 * at] = time;
        ring[3 * at + 1] = key;
        ring[3 * at + 2] = word;
    }

    long headTime() {
        return ring[3 * head];
    }

    long headKey() {
        return ring[3 * head + 1];
    }

    long headWord() {
        return ring[3 * head + 2];
    }

    void removeHead() {
        head = (head + 1) & (capacity - 1);
        size--;
    }
}
