package satin.runtime.spawn;

/**
 * A spawned call: its target, its arguments and a slot for its result.
 *
 * <p>The rewriter generates one subclass per spawn site (or per spawnable method and destination kind).
 * A subclass holds the target and the arguments in fields, the result in a field named {@code result}
 * (absent for void methods), and, for results stored into an array element or a field, the destination
 * (array and index, or object) in {@code transient} fields: the destination never travels between nodes.
 *
 * <p>This class is the contract between rewritten code and the runtime; see {@link Spawns} for the calls
 * rewritten code makes. The runtime owns the bookkeeping fields.
 */
public abstract class InvocationRecord {

    protected InvocationRecord() {
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
