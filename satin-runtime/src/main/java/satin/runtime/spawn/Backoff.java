package satin.runtime.spawn;

import satin.contract.InvocationRecord;

/**
 * How a worker waits when a round of steal attempts found nothing: spin briefly (work usually appears
 * within microseconds in a busy computation), then yield the processor, then park for growing periods so
 * that idle workers on a shared machine cost almost nothing. A parked worker is woken early by a push on
 * any deque of its pool, or by the completion of the record it waits for.
 */
final class Backoff {

    private static final int SPIN_STEPS = 6;
    private static final int YIELD_STEPS = 4;
    private static final long FIRST_PARK_NANOS = 20_000;
    private static final long LONGEST_PARK_NANOS = 2_000_000;

    private int step;

    void reset() {
        step = 0;
    }

    /** Waits a little, longer at each call since the last {@link #reset()}. */
    void pause(Worker worker, InvocationRecord awaited) {
        int s = step++;
        if (s < SPIN_STEPS) {
            for (int i = 1 << (s + 2); i > 0; i--) {
                Thread.onSpinWait();
            }
        } else if (s < SPIN_STEPS + YIELD_STEPS) {
            Thread.yield();
        } else {
            int doublings = Math.min(s - SPIN_STEPS - YIELD_STEPS, 16);
            worker.park(Math.min(FIRST_PARK_NANOS << doublings, LONGEST_PARK_NANOS), awaited);
        }
    }
}
