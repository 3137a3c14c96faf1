package satin.rewriter.samples.warn;

import satin.SatinObject;

/**
 * Reads of spawn results that may come before their sync(): each line marked WARNING must get a warning, each
 * line marked FINE must not.
 */
public class Guarded extends SatinObject implements Half {

    static final int THRESHOLD = 4;
    int limit = THRESHOLD; // neither final nor private: a call could change it between two tests

    public int half(int v) {
        return v / 2;
    }

    /** The condition's variable changes between the two tests, so they need not agree. */
    public int changedBetween(int i) {
        int x = 0;
        if (i < THRESHOLD) {
            x = half(8);
        }
        i++;
        if (i < THRESHOLD) {
            sync();
        }
        return x; // WARNING i changed
    }

    /** A field any call may change: the two tests are not known to agree. */
    public int mutableField(int n) {
        int x = 0;
        if (n < limit) {
            x = half(n);
        }
        if (n < limit) {
            sync();
        }
        return x; // WARNING mutable field
    }

    /** Different conditions: the sync() may be skipped where the spawn happened. */
    public int otherCondition(int n, int m) {
        int x = 0;
        if (n < THRESHOLD) {
            x = half(n);
        }
        if (m < THRESHOLD) {
            sync();
        }
        return x; // WARNING other condition
    }

    /** The same condition, unchanged, and the opposite test: fine. */
    public int sameCondition(int n) {
        int x = 0;
        if (n < THRESHOLD) {
            x = half(n);
        }
        if (n >= THRESHOLD) {
            return -1;
        }
        sync();
        return x; // FINE synced
    }

    public static void main(String[] args) {
        Guarded g = new Guarded();
        System.out.println("guarded=" + g.changedBetween(9) + "," + g.mutableField(9) + ","
                + g.otherCondition(9, 9) + "," + g.sameCondition(2));
    }
}
