package satin.apps.tsp;

import satin.SharedObject;

/**
 * The length of the best tour found so far by any job, as a shared object: every node reads its replica when it
 * prunes, and a job that finds a shorter tour lowers it everywhere ({@link #lower} is a write method). The field is
 * volatile because jobs read it while the node applies other nodes' writes.
 */
public final class Bound extends SharedObject implements BoundWrites {

    private static final long serialVersionUID = 1L;

    private volatile int best;

    public Bound(int initial) {
        this.best = initial;
    }

    @Override
    public void lower(int length) {
        if (length < best) {
            best = length;
        }
    }

    public int get() {
        return best;
    }
}
