package satin.runtime.lineage;

import java.util.concurrent.atomic.LongAdder;

/**
 * The busy time a node's workers spent on one job and on its local subtree (see the package overview). Workers of
 * one node may charge one account concurrently; reads are sums at that moment.
 */
public final class WorkAccount {

    private final boolean redo;
    private final LongAdder nanos = new LongAdder();
    private final Lineage lineage;

    /** @param redo whether this is work done again (a re-execution of lost work) */
    public WorkAccount(Lineage lineage, boolean redo) {
        this.lineage = lineage;
        this.redo = redo;
    }

    public boolean redo() {
        return redo;
    }

    /** Charges {@code busyNanos} of a worker's time. */
    public void charge(long busyNanos) {
        nanos.add(busyNanos);
        if (lineage != null) {
            lineage.charged(redo, busyNanos);
        }
    }

    /** The busy time charged so far. */
    public long nanos() {
        return nanos.sum();
    }
}
