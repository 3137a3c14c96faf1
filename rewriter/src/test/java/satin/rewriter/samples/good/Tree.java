package satin.rewriter.samples.good;

import satin.SatinObject;

/**
 * Recursive (nested) spawns from instance methods of a SatinObject. The class is final, so its methods' spawns of
 * themselves alternate between the method and its non-polling copy (FastCopyTest); {@code Knapsack} is the
 * self-recursive sample that is not final.
 */
public final class Tree extends SatinObject implements Recursive {

    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    /** A spawn, then spawns in a loop: both poll in the fast copy (FastCopyTest); not run by the scenarios. */
    long spawnThenLoop(int n) {
        long first = fib(n);
        long last = 0;
        for (int i = 0; i < n; i++) {
            last = fib(i);
        }
        sync();
        return first + last;
    }

    public long sum(long[] values, int from, int to) {
        if (to - from == 1) {
            return values[from];
        }
        int mid = (from + to) >>> 1;
        long[] parts = new long[2];
        parts[0] = sum(values, from, mid);
        parts[1] = sum(values, mid, to);
        sync();
        return parts[0] + parts[1];
    }

    public int failing(int depth) {
        if (depth == 0) {
            throw new IllegalStateException("deep");
        }
        int a = failing(depth - 1);
        int b = failing(depth - 1);
        sync();
        return a + b;
    }

    /** Spawns itself in a loop (a site on a cycle): that site polls in the method and in its non-polling copy. */
    public long fanOut(int n) {
        if (n < 2) {
            return n;
        }
        long[] parts = new long[n];
        for (int i = 0; i < n; i++) {
            parts[i] = fanOut(i);
        }
        sync();
        long total = 0;
        for (long part : parts) {
            total += part;
        }
        return total;
    }
}
