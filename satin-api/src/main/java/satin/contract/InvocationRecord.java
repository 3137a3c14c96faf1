package satin.contract;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A spawned call: its target, its arguments and a slot for its result.
 *
 * <p>The rewriter generates one subclass per spawn site (or per spawnable method and destination kind).
 * A subclass holds the target and the arguments in fields, the result in a field named {@code result}
 * (absent for void methods), and, for results stored into an array element or a field, the destination
 * (array and index, or object) in {@code transient} fields: the destination never travels between nodes.
 *
 * <p>This class is the contract between rewritten code and the runtime; see {@link Spawns} for the calls
 * rewritten code makes. The runtime owns the bookkeeping fields: they are package-private and {@code transient},
 * so they never travel with a stolen job and never clash with a generated subclass's fields, and a runtime
 * reaches them only through the protected members of {@link SpawnThread}, the type its workers extend.
 *
 * <h2>Life of a record</h2>
 * A spawn links the record into its frame ({@link #next}) and pushes it on the spawning worker's deque. It is
 * then either popped and executed by that worker at its {@code sync}, or stolen and executed by another
 * worker (which records itself in {@link #thief}), or dropped by {@code abandon}. Whoever executes it stores
 * a thrown exception in {@link #failure} and then marks it {@link #DONE}. The owner reads {@code failure} and
 * the result only after it saw {@code DONE} with acquire semantics, and the executor writes {@code DONE}
 * with release semantics (volatile when another thread may be waiting), so the result written by
 * {@code execute} is visible to the owner without any lock.
 */
public abstract class InvocationRecord {

    static final int PENDING = 0;
    static final int DONE = 1;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(InvocationRecord.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The next older record of the same frame (the frame is a list, newest first). Owner thread only. */
    transient InvocationRecord next;
    /** {@link #PENDING} or {@link #DONE}; accessed through {@link #STATE}. */
    private transient int state;
    /** What {@link #execute()} threw; written before {@link #DONE}, cleared once rethrown. */
    transient Throwable failure;
    /** The worker that stole this record, so a waiting owner can steal back from it (leapfrogging). */
    transient volatile SpawnThread thief;
    /** This job's id in the trace being recorded, if the runtime records one; unused otherwise. */
    transient int traceId;
    /**
     * What a fault-tolerant runtime knows about this record's place in the spawn tree (its identity on every node);
     * null in runtimes that do not track it. Written before the record is published (pushed, shipped).
     */
    transient Object lineage;
    /**
     * The inlet group of the spawn site: 0 when no inlet (catch block) covers it, else the group's number (the
     * rewriter's dispatch key); negated once the record's exception was handed to the inlet code. Owner thread only.
     */
    transient int inlet;
    /** Set (volatile) when the record was aborted: it is not run if not started, and never delivered. */
    transient volatile boolean aborted;
    /**
     * The job that ran on the spawning thread when this record was spawned, or null (spawned by a root job, or
     * run on a node other than its parent's); written before the record is published. An aborted ancestor
     * aborts the record.
     */
    transient InvocationRecord parent;

    protected InvocationRecord() {
    }

    /** Whether the record has completed; an acquire read that makes its result and failure visible. */
    final boolean isDone() {
        return (int) STATE.getAcquire(this) == DONE;
    }

    /** Whether the record has completed, as a volatile read: for the check a waiter makes before parking. */
    final boolean isDoneVolatile() {
        return (int) STATE.getVolatile(this) == DONE;
    }

    /** Marks completion when only the executing thread itself will look (run inline by the owner). */
    final void completeHere() {
        STATE.set(this, DONE);
    }

    /**
     * Marks completion for another thread that may be waiting: volatile, so that the completer's later read
     * of the owner's "awaiting" flag and the owner's check of this state cannot both miss each other.
     */
    final void completeShared() {
        STATE.setVolatile(this, DONE);
    }

    /** Whether the record, once done, has a result to deliver: it neither failed, nor was aborted or given to an inlet. */
    final boolean hasResult() {
        return failure == null && inlet >= 0 && !aborted;
    }

    /** Whether this record or one of its ancestors (on this node) was aborted. */
    final boolean abortedChain() {
        for (InvocationRecord r = this; r != null; r = r.parent) {
            if (r.aborted) {
                return true;
            }
        }
        return false;
    }

    /** Clears the bookkeeping of a copy ({@link LoopRange}'s split), except {@link #parent}; before it is published. */
    final void clearRecord() {
        next = null;
        STATE.set(this, PENDING);
        failure = null;
        thief = null;
        traceId = 0;
        lineage = null;
        inlet = 0;
        aborted = false;
    }

    /** Runs {@link #execute()}, keeping what it throws in {@link #failure}. */
    final void runCapturingFailure() {
        try {
            execute();
        } catch (Throwable t) {
            failure = t;
        }
    }

    /**
     * Runs the call and stores its result in this record. Called at most once per record, on a worker of
     * the owner's runtime or, for a stolen job, on a copy of the record on another node.
     */
    protected abstract void execute() throws Throwable;

    /**
     * Stores the result at its destination when that is an array element or a field. Called by
     * {@link Spawns#sync} on the owner's thread, in spawn order, once every record of the frame has
     * completed normally. Records whose destination is a local variable leave this empty: the rewritten
     * method copies their {@code result} itself after the sync.
     */
    protected void deliver() {
    }

    /** The result, boxed ({@code null} for void calls); used to ship a result between nodes. */
    public abstract Object boxedResult();

    /** Sets the result from its boxed form; the inverse of {@link #boxedResult()}. */
    public abstract void boxedResult(Object value);
}
