package satin.simulator.engine;

/**
 * Something that happens at a simulated instant. The queue orders events by time and, for equal times, by
 * the order in which they were scheduled, which makes every run with the same inputs replay identically.
 */
public abstract class Event {
    long time;
    long sequence;

    /** Simulated time of this event, in nanoseconds. */
    public final long time() {
        return time;
    }

    /** Called by the queue's owner when the event's time has come. */
    public abstract void fire();
}
