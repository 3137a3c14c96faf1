package satin.runtime.spawn;

import satin.contract.InvocationRecord;

/**
 * A node's workers as stealing between nodes sees them: the other direction of {@link ExternalWork}. Implemented by
 * {@link WorkerPool}; the seeded simulation of the node protocol implements it with its simulated worker, so that the
 * real thief and victim run against it. Every method is called on any thread and never waits.
 */
public interface LocalWork {

    /** How many workers there are. */
    int size();

    /** See {@link WorkerPool#stealForExport(boolean)}: a job for a thief on another node, or null. */
    InvocationRecord stealForExport(boolean thiefIdle);

    /** See {@link WorkerPool#completeExported}: a job handed to another node has its outcome. */
    void completeExported(InvocationRecord record, Object result, Throwable failure);

    /** See {@link WorkerPool#abortForeign}: a job from another node was cancelled by its owner. */
    void abortForeign(InvocationRecord record);

    /** Work from another node is queued: a parked worker may take it. */
    void externalWorkArrived();

    /** See {@link WorkerPool#takeBack}: a job lost with the node that ran it; true when requeued. */
    boolean takeBack(InvocationRecord record);
}
