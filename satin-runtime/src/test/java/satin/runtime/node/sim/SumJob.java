package satin.runtime.node.sim;

import satin.contract.InvocationRecord;

/**
 * One job of the simulated workload, a binary tree sum: the job {@code (depth, index)} spawns {@code (depth - 1,
 * 2 index)} and {@code (depth - 1, 2 index + 1)} and returns the sum of their results; a leaf returns
 * {@link #leafValue}. Its identity ({@code recovery.ArgumentDigest}) is that of its call, as for a rewritten record:
 * {@code depth} and {@code index}. What travels (Kryo, as a real record's fields do) is the call and the result; the
 * rest is this node's bookkeeping of the simulated worker and stays transient.
 */
final class SumJob extends InvocationRecord {

    int depth;
    long index;
    /** The result, once computed; named as a rewritten record's, so that the digest skips it. */
    long result;

    /** The spawning job on this node, or null (a root, or a job that came from another node). */
    transient SumJob parent;
    /** Children not completed yet, and the sum of those that did. */
    transient int pending;
    transient long sum;
    /** How often this record was completed: more than once breaks "every result reaches its sync once". */
    transient int completions;
    /** Whether this node's worker took it from the stealing (it came from another node): its result goes home. */
    transient boolean foreign;
    /** Whether it was spawned on this node (false: a copy that came from another node). */
    transient boolean spawnedHere;

    /** For Kryo: a job read from the wire. */
    SumJob() {
    }

    SumJob(int depth, long index, SumJob parent) {
        this.depth = depth;
        this.index = index;
        this.parent = parent;
        this.spawnedHere = true;
    }

    /** The value of leaf {@code index}: arbitrary but fixed, so that a lost or doubled leaf changes the sum. */
    static long leafValue(long index) {
        return (index * 2_654_435_761L) % 1_000_003L;
    }

    /** The sum of a tree of {@code depth} below {@code index}, computed directly. */
    static long expected(int depth, long index) {
        long sum = 0;
        for (long i = index << depth; i < (index + 1) << depth; i++) {
            sum += leafValue(i);
        }
        return sum;
    }

    @Override
    protected void execute() {
        throw new UnsupportedOperationException("the simulation runs the tree itself (SimNode)");
    }

    @Override
    public Object boxedResult() {
        return result;
    }

    @Override
    public void boxedResult(Object value) {
        result = (Long) value;
    }

    @Override
    public String toString() {
        return "SumJob(" + depth + "," + index + ")";
    }
}
