package satin.simulator.model;

import satin.simulator.workload.SimJob;

/**
 * The deque of {@link ReferenceSimulation} ({@link Simulation} keeps its own inside each node). Array-backed
 * double-ended job queue: the owner pushes and pops at the tail (newest first), thieves take from the head (oldest
 * first). Single-threaded, like everything in the simulator.
 */
final class JobDeque {
    private SimJob[] items = new SimJob[16];
    private int head;
    private int size;

    void addLast(SimJob job) {
        if (size == items.length) {
            SimJob[] bigger = new SimJob[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) & (items.length - 1)];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = job;
        size++;
    }

    SimJob pollLast() {
        if (size == 0) {
            return null;
        }
        int i = (head + --size) & (items.length - 1);
        SimJob job = items[i];
        items[i] = null;
        return job;
    }

    SimJob pollFirst() {
        if (size == 0) {
            return null;
        }
        SimJob job = items[head];
        items[head] = null;
        head = (head + 1) & (items.length - 1);
        size--;
        return job;
    }

    int size() {
        return size;
    }
}
