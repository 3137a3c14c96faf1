package satin.ipl;

/** What a program may ask of the pool. An implementation lists the ones it offers. */
public enum PoolCapability {
    /** Joined, left and died events, as upcalls or downcalls. */
    MEMBERSHIP_EVENTS,
    /** Named elections with exactly one winner at a time; a new winner when the winner leaves. */
    ELECTIONS,
    /** Strings sent to chosen members through the registry. */
    SIGNALS,
    /** A pool of fixed size ({@code ipl.pool.size}); a closed event once all have joined. */
    CLOSED_WORLD,
    /** Nodes may join and leave at any time. */
    MALLEABLE,
    /** One member may terminate the whole pool; the others are told. */
    TERMINATION
}
