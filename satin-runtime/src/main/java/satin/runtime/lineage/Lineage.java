package satin.runtime.lineage;

import java.util.concurrent.atomic.LongAdder;

/**
 * A runtime's side of job identity (see the package overview): the node number its records are stamped with, the
 * stamp of the next root job, and what its replays did. One per runtime; shared by its workers (counters are
 * adders, the root stamp is volatile).
 */
public final class Lineage {

    private final int self;
    private volatile Stamp root;
    private final LongAdder busyNormal = new LongAdder();
    private final LongAdder busyRedo = new LongAdder();
    private final LongAdder reused = new LongAdder();
    private final LongAdder reusedWork = new LongAdder();
    private final LongAdder waited = new LongAdder();
    private final LongAdder mismatches = new LongAdder();

    /** @param self the node number this runtime's records are stamped with */
    public Lineage(int self) {
        this.self = self;
        this.root = Stamp.root(new WorkAccount(this, false), null);
    }

    public int self() {
        return self;
    }

    /** The stamp of a root job submitted to the runtime (a program's {@code main}). */
    public Stamp root() {
        return root;
    }

    /** Sets the stamp the next root job runs with (a re-run of {@code main} with a plan). */
    public void root(Stamp stamp) {
        this.root = stamp;
    }

    void charged(boolean redo, long nanos) {
        (redo ? busyRedo : busyNormal).add(nanos);
    }

    /** A replay used a stored result instead of running the spawn. */
    public void reused(ReplayEntry.Outcome outcome) {
        reused.increment();
        reusedWork.add(outcome.workNanos());
    }

    /** A replay made a spawn wait for its result from the node computing it. */
    public void waited() {
        waited.increment();
    }

    /** A replay found the program did not repeat its spawns (see the package overview). */
    public void mismatch() {
        mismatches.increment();
    }

    public long busyNormalNanos() {
        return busyNormal.sum();
    }

    /** Busy time spent re-executing lost work (accounts marked redo). */
    public long busyRedoNanos() {
        return busyRedo.sum();
    }

    /** Results used by replays without running their spawns, including those waited for. */
    public long reusedResults() {
        return reused.sum();
    }

    /** The work those results had taken where they were computed. */
    public long reusedWorkNanos() {
        return reusedWork.sum();
    }

    public long waitedResults() {
        return waited.sum();
    }

    public long mismatches() {
        return mismatches.sum();
    }
}
