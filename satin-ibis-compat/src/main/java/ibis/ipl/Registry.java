package ibis.ipl;

import java.io.IOException;

/** The pool an instance belongs to: elections, signals, membership, its size, termination. */
public interface Registry extends Manageable {
    /**
     * Takes part in the election {@code electionName}: the first candidate wins. If the winner leaves or dies, a
     * later call elects another. Returns the winner, perhaps this instance.
     */
    IbisIdentifier elect(String electionName) throws IOException;

    /** As {@link #elect(String)}, waiting at most {@code timeoutMillis} (0: no limit); null when no winner by then. */
    IbisIdentifier elect(String electionName, long timeoutMillis) throws IOException;

    /** The winner of an election without being a candidate; waits until there is one. */
    IbisIdentifier getElectionResult(String electionName) throws IOException;

    /** As {@link #getElectionResult(String)}, at most {@code timeoutMillis} (0: no limit, -1: do not wait); null then. */
    IbisIdentifier getElectionResult(String electionName, long timeoutMillis) throws IOException;

    /** The program suspects that instance is dead; the registry may check. */
    void maybeDead(IbisIdentifier ibisIdentifier) throws IOException;

    /** Tells the registry to take that instance for dead. */
    void assumeDead(IbisIdentifier ibisIdentifier) throws IOException;

    /** Sends {@code signal} to the given instances, or to every member when the argument is null. */
    void signal(String signal, IbisIdentifier... ibisIdentifiers) throws IOException;

    /** Instances that joined since the last call (downcalls: an instance without an event handler). */
    IbisIdentifier[] joinedIbises();

    /** Instances that left since the last call (downcalls). */
    IbisIdentifier[] leftIbises();

    /** Instances that died since the last call (downcalls). */
    IbisIdentifier[] diedIbises();

    /** Signals received since the last call (downcalls). */
    String[] receivedSignals();

    /** The size of a closed-world pool ({@code ibis.pool.size}). */
    int getPoolSize();

    /** The pool's name. */
    String getPoolName();

    /** Waits until a closed-world pool has all its members. */
    void waitUntilPoolClosed();

    /** Whether the pool has closed. */
    boolean isClosed();

    /** Lets the event handler's upcalls start (the events received so far first). Instances start with them off. */
    void enableEvents();

    /** Holds the upcalls back (events are kept) until {@link #enableEvents()}. */
    void disableEvents();

    /** The next number of the named sequence, unique in the pool. */
    long getSequenceNumber(String name) throws IOException;

    /** Ends the pool: every member, this one included, gets a terminated event; the pool closes. */
    void terminate() throws IOException;

    /** Whether the pool was terminated. */
    boolean hasTerminated();

    /** Waits until the pool is terminated; returns the instance that terminated it. */
    IbisIdentifier waitUntilTerminated();
}
