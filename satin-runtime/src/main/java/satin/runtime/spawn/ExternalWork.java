package satin.runtime.spawn;

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
 * <p>Both methods are called on worker threads, concurrently; they must not block for long.
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

    /** A record obtained from {@link #poll} has run; {@code failure} is what it threw, or {@code null}. */
    void finished(InvocationRecord record, Throwable failure);
}
