package satin.ipl;

import java.io.IOException;
import java.util.List;

/**
 * The pool as seen from one node: membership, elections, signals, closed-world pool size, termination.
 * Events reach the node as upcalls (if a {@link RegistryEventHandler} was given) or are collected for
 * {@link #drainEvents()} (downcalls) otherwise.
 */
public interface Registry {
    /** Current members, including this node, in join order. */
    List<NodeIdentifier> members() throws IOException;

    /** Number of current members. */
    int poolSize() throws IOException;

    /** Configured size of a closed pool, 0 for an open pool. */
    int closedPoolSize();

    /**
     * Once a closed pool closed: how many members had joined by then; they are the members whose ids (the pool's
     * join sequence numbers, see {@link NodeIdentifier#id()}) are below it, and later ids joined the running pool
     * (a malleable pool, {@link IplProperties#POOL_MALLEABLE}). -1 before the pool closed.
     */
    default int joinedBeforeClose() {
        return -1;
    }

    /**
     * Waits until a closed pool has all its members (for a member joining a running pool: until it learned that
     * the pool is running); false on timeout.
     */
    boolean waitUntilPoolClosed(long timeoutMillis) throws IOException;

    /** Takes part in an election and returns its current winner (maybe this node). */
    NodeIdentifier elect(String election) throws IOException;

    /** The winner of an election, waiting at most {@code timeoutMillis} for one; null on timeout. */
    NodeIdentifier getElectionResult(String election, long timeoutMillis) throws IOException;

    /** Sends a signal to the given members (all members when none is given). */
    void signal(String signal, NodeIdentifier... targets) throws IOException;

    /** Ends the pool for everybody: all members get a terminated event. */
    void terminate() throws IOException;

    /** Waits for the pool's termination; false on timeout. */
    boolean waitUntilTerminated(long timeoutMillis) throws IOException;

    /** Events received since the last call, oldest first (downcall mode; empty when upcalls are used). */
    List<RegistryEvent> drainEvents();

    /** Waits for at least one event and drains (downcall mode); empty list on timeout. */
    List<RegistryEvent> waitForEvents(long timeoutMillis) throws InterruptedException;
}
