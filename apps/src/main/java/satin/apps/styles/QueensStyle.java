package satin.apps.styles;

import satin.SatinObject;

/** N-queens solutions, a spawn per free column of each row above {@code cutoff}: a loop of spawns into an array. */
public final class QueensStyle extends SatinObject implements QueensStyleInter {

    @Override
    public long solutions(int n, int row, int[] columns, int cutoff) {
        if (row >= cutoff) {
            return SequentialQueensStyle.solutions(n, row, columns);
        }
        long[] counts = new long[n];
        for (int c = 0; c < n; c++) {
            if (SequentialQueensStyle.free(columns, row, c)) {
                int[] next = columns.clone();
                next[row] = c;
                counts[c] = solutions(n, row + 1, next, cutoff);
            }
        }
        sync();
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /** Solutions of the n-queens problem, spawning down to row {@code cutoff}. */
    public static long compute(int n, int cutoff) {
        QueensStyle q = new QueensStyle();
        long result = q.solutions(n, 0, new int[n], cutoff);
        q.sync();
        return result;
    }
}
