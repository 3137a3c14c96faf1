package satin.runtime.spawn;

import java.util.function.BooleanSupplier;
import satin.contract.InvocationRecord;

/**
 * Where a runtime looks for work when none of its workers has any: the hook for stealing across JVMs.
 *
 * <p>A worker that failed a full round of local steal attempts calls {@link #poll}. A record returned there
 * (typically deserialized from a steal reply) is executed by that worker like a stolen job, and then
 * handed to {@link #finished} with what it threw, so the source can ship the result (see
 * {@link InvocationRecord#boxedResult()}) or the exception back to the record's owner. The other direction,
 * giving local jobs to remote thieves and completing them when their results return, is
 * {@link WorkerPool#stealForExport()} and {@link WorkerPool#completeExported}.
 *
 * <p>Both methods are called on worker threads, concurrently; they must not block for long. A worker calls
 * {@link #poll(int, BooleanSupplier)}, which says when the worker no longer needs a job.
 */
public interface ExternalWork {

    /** No external work: a runtime confined to its JVM. */
    ExternalWork NONE = new ExternalWork() {
        @Override
        public InvocationRecord poll(int workerIndex) {
            return null;
        }

        @Override
        public void finished(InvocationRecord record, Throwable failure) {
            throw new IllegalStateException("no external work was handed out");
        }
    };

    /** A job from outside this runtime for worker {@code workerIndex}, or {@code null} when none is at hand. */
    InvocationRecord poll(int workerIndex);

    /**
     * {@link #poll(int)} for a worker that may stop needing a job while the poll waits (for a steal reply from
     * another node, say): the record its {@code sync} waits for completed, or the pool shuts down. A poll that
     * waits returns {@code null} as soon as {@code unwanted} is true; the calling thread is unparked
     * ({@link java.util.concurrent.locks.LockSupport#unpark}) whenever it may have become true. Work that arrives
     * after such a return must not be lost: a later poll, by any worker, hands it out. The default ignores
     * {@code unwanted}.
     */
    default InvocationRecord poll(int workerIndex, BooleanSupplier unwanted) {
        return poll(workerIndex);
    }

    /**
     * {@link #poll(int, BooleanSupplier)} saying whether the worker is in a sync ({@code inSync}: it runs a job, and
     * waits in that job's sync) or idle: a source that hands out re-executions of lost work gives them to idle
     * workers only (see "Re-execution" in {@link Worker}). The default ignores {@code inSync}.
     */
    default InvocationRecord poll(int workerIndex, BooleanSupplier unwanted, boolean inSync) {
        return poll(workerIndex, unwanted);
    }

    /**
     * The owner aborted {@code record}, which is not done and not held by a worker of this pool: if it was handed to
     * another node ({@link WorkerPool#stealForExport}), tell that node to cancel it. Called on a worker thread; must
     * not block. The record still completes, through {@link WorkerPool#completeExported}, once the thief answers.
     */
    default void abort(InvocationRecord record) {
    }

    /**
     * This runtime's node in its pool of nodes ({@link PoolPlace}), asked by programs through
     * {@link WorkerPool#place()}; null (the default) for a runtime confined to its JVM.
     */
    default PoolPlace place() {
        return null;
    }

    /**
     * The program paused ({@code on} false) or resumed ({@code on} true) load balancing ({@code SatinObject.pause()},
     * {@code resume()}), on a worker's thread: a runtime spanning nodes stops or restarts its steal
     * requests, and tells the other nodes. The default, for a runtime confined to its JVM, does nothing. Must not
     * wait for other nodes.
     */
    default void balancing(boolean on) {
    }

    /**
     * Where write methods of shared objects called on this runtime's workers go: the local replica only
     * ({@link satin.runtime.shared.SharedObjects#LOCAL}, the default), or every node's.
     */
    default satin.runtime.shared.SharedObjects sharedObjects() {
        return satin.runtime.shared.SharedObjects.LOCAL;
    }

    /**
     * Whether worker {@code workerIndex}, whose last poll returned {@code null}, should poll again at once instead of
     * backing off: that poll already waited out a steal request's round trip, and the paper's idle loop sends the next
     * request as soon as a reply brings nothing (the round trip is the wait). Called on that worker's thread right
     * after its poll. The default, false, keeps the worker's backoff.
     */
    default boolean retryAtOnce(int workerIndex) {
        return false;
    }

    /** A record obtained from {@link #poll} has run; {@code failure} is what it threw, or {@code null}. */
    void finished(InvocationRecord record, Throwable failure);
}
