package satin.runtime.node.steal;

import java.io.IOException;
import satin.contract.InvocationRecord;

/**
 * What stealing tells crash recovery and asks of it, seen from this package (which knows nothing of recovery: the
 * node wires recovery in behind this interface). Absent (null) in a run that does not survive crashes: then a lost
 * peer ends the run. Every method but {@link #lateOrphan} and {@link #holdReExecution} (steps of the node's protocol
 * loop, which alone handles steal replies) is safe on any thread; none waits for another node.
 */
public interface Losses {

    /** Whether node {@code node} is known dead. */
    boolean isDead(int node);

    /** A send to {@code peer} failed: an observation of it, and its recovery. */
    void linkBroken(int peer, IOException cause);

    /** An idle worker looks for work: a recovery round that waited long enough may release its jobs now. */
    void tick();

    /**
     * A job from {@code deadOwner}, already known dead here, arrived after its death was processed (identity
     * {@code key}): announce it as that node's orphan. A loop step.
     */
    void lateOrphan(int deadOwner, long key);

    /**
     * A re-execution of lost work arrived from {@code sender}: true when recovery holds it until this node knows the
     * orphans that re-execution may wait for, and queues it then; false: queue it now. A loop step.
     */
    boolean holdReExecution(InvocationRecord job, int sender);

    /** A job of this node handed to {@code thief}, which died before or as it was handed over, runs again here. */
    void requeueNow(InvocationRecord record, int thief);

    /** The outcome of a job whose owner is gone ({@code ended}: it ended here just now), kept for its re-execution. */
    void salvage(long key, KeptResults.Outcome outcome, boolean ended);

    /** A job this node exported came back from a relay whose thief {@code deadThief} died: take it back. */
    void handedBack(InvocationRecord job, int deadThief);

    /** The orphan {@code key} announced as computed here will not be: whoever waits for it stops waiting. */
    void withdraw(long key);

    /** A job's identity across nodes, as spawned (before it runs and perhaps changes its arguments). */
    long identity(InvocationRecord record);
}
