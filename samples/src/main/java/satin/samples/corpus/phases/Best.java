package satin.samples.corpus.phases;

import satin.SharedObject;

/** The largest value offered so far, shared by every node. */
final class Best extends SharedObject implements BestWrites {
    private static final long serialVersionUID = 1L;

    volatile long value = Long.MIN_VALUE;

    @Override
    public void offer(long v) {
        if (v > value) {
            value = v;
        }
    }
}
