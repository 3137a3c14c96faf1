package satin.rewriter.samples.unsynced;

import satin.SatinObject;

/**
 * Reads of spawn results before any sync() can have run: each line marked ERROR must get an error, each line marked
 * MAY a warning (a sync() lies on some path between the spawn and the read), each line marked FINE nothing.
 */
public class Unsynced extends SatinObject implements Half {

    public int half(int v) {
        return v / 2;
    }

    /** The forgotten sync() of issue 29: spawns, then adds. */
    public int sum(int v) {
        int a = half(v);
        int b = half(v + 1);
        return a + b; // ERROR no sync at all
    }

    /** A spawn under a condition and no sync() at all: wrong whenever the condition holds. */
    public int conditional(boolean c) {
        int x = 0;
        if (c) {
            x = half(8);
        }
        return x + 1; // ERROR conditional spawn, no sync
    }

    /** The read comes first in each iteration, the sync() after it: every read sees the previous, unsynced spawn. */
    public int loop(int n) {
        int x = half(n);
        int total = 0;
        for (int i = 0; i < n; i++) {
            total += x; // ERROR read in a loop before its sync
            sync();
            x = half(i);
        }
        sync();
        return total + x; // FINE synced
    }

    /** A sync() on one path only: perhaps the flag is always set, so a warning. */
    public int maybe(boolean flag) {
        int x = half(10);
        if (flag) {
            sync();
        }
        int y = x + 1; // MAY sync skipped when flag is false
        sync();
        return y;
    }
}
