package satin.wanmodel;

/**
 * What a {@link TcpPath} remembers between messages: when the link is free again, the last arrival (a stream never
 * reorders), when it was last active (slow start after idle) and the retransmission timeouts taken. Kept apart from
 * the path's parameters so that several senders can share one physical path (all nodes of a cluster sending to
 * another cluster through one wide-area link) with the state wherever they can all reach it: a field of one object
 * ({@link #inMemory}) or a slot of a file that several processes map (the IPL's WAN emulation). The caller serializes
 * all accesses of one state (one path's messages are computed one at a time).
 */
public interface PathState {
    /** Returned for a time not set yet: before every time. */
    long NEVER = Long.MIN_VALUE;

    long freeAt();

    void freeAt(long time);

    long lastArrival();

    void lastArrival(long time);

    long lastActive();

    void lastActive(long time);

    long timeouts();

    void timeouts(long count);

    /** A state in an object's fields, every time {@link #NEVER} at first. */
    static PathState inMemory() {
        return new PathFields();
    }
}
