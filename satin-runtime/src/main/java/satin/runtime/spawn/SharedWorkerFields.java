package satin.runtime.spawn;

import satin.contract.InvocationRecord;
import satin.contract.SpawnThread;
import satin.runtime.deque.WorkStealingDeque;

/**
 * The fields of a {@link Worker} that other threads read or write, on cache lines of their own: padding, these
 * fields, padding, then the worker's own fields.
 *
 * <p>Why: a thief reads its victim's {@code deque} reference at every attempt, spins on its {@code offering} flag
 * while it waits for a batch, writes its {@code hungry} flag, and after every stolen job reads the {@code awaited}
 * record of each worker ({@link WorkerPool#wake}). Next to them the owner writes, for every job it runs, the job it
 * runs and its counters. Sharing a line, each such write by the owner invalidated the copy a thief had just read,
 * and the owner's next write missed again once the thief re-read it: a cache-line transfer between the cores per
 * job while a thief was looking, on the path of the very records the thief was waiting for. Here the owner writes
 * these lines only when the state they hold changes (a demand, a park, a sync's wait, an abort).
 *
 * <p>The chain of classes is for the same reason as in the deque's {@code PaddedIndices}: HotSpot lays out a
 * superclass's fields before its subclass's, while inside one class it orders them as it likes. The fields here fill
 * whole 8-byte words (three references, four booleans), so that no field of {@link Worker} can be placed in
 * a gap among them. {@code WorkerLayoutTest} in satin-stress checks the resulting offsets with JOL.
 */
abstract class SharedWorkerFields extends SharedFieldsPaddingBefore {

    /** This worker's deque: thieves steal from it, the pool looks whether it holds work. Never reassigned. */
    final WorkStealingDeque<InvocationRecord> deque = new WorkStealingDeque<>();
    /**
     * Set while this worker parks in a sync or polls external work from a sync: the record it waits for, so that its
     * completer can unpark it.
     */
    volatile InvocationRecord awaited;
    /**
     * Raised by a thief that found too little here (a volatile write, then {@code askNext}); cleared by this worker in
     * {@code inlineNext()}, which then queues a quota of spawns (see "Demand and batches" in {@link Worker}). A
     * raising between the clear and the next look only asks for a quota again, which is what the thief wants.
     */
    volatile boolean hungry;
    /**
     * Whether this worker is queuing a quota for a thief: a thief waits, at most {@link Worker#OFFER_WAIT_NANOS},
     * until the whole batch is there instead of taking the first record and leaving hungry again. Written by this
     * worker only, read by thieves.
     */
    volatile boolean offering;
    /** Set while this worker parks, so a push can wake it. */
    volatile boolean parked;
    /** Raised by an abort anywhere in the pool: look whether the current job must stop. */
    volatile boolean abortSignal;
    /**
     * A part split off one of this worker's counted loops for a thief's demand (see {@link LoopSplitting}), until a
     * thief or the loop's own exit takes it (a compare-and-set to null); fills the last word, so that the worker's
     * own fields start on the padding after it.
     */
    volatile InvocationRecord loopOffer;

    SharedWorkerFields(String name, long stackBytes) {
        super(name, stackBytes);
    }
}

/** Padding before the shared fields: away from the thread's own fields. */
abstract class SharedFieldsPaddingBefore extends SpawnThread {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    SharedFieldsPaddingBefore(String name, long stackBytes) {
        super(name, stackBytes);
    }
}

/** Padding after the shared fields: away from the fields the worker writes for every job. */
abstract class SharedFieldsPaddingAfter extends SharedWorkerFields {
    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SharedFieldsPaddingAfter(String name, long stackBytes) {
        super(name, stackBytes);
    }
}
