package satin.rewriter.samples.spawnless;

import satin.SatinObject;

/** Implements an interface that does not extend Spawnable: its recursive calls are ordinary calls. */
public class CounterImpl extends SatinObject implements Counter {
    public long count(int depth) {
        if (depth == 0) {
            return 1;
        }
        long left = count(depth - 1); // WARNING interface
        long right = count(depth - 1);
        sync();
        return left + right;
    }
}
