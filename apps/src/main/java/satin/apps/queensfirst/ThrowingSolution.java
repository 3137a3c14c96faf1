package satin.apps.queensfirst;

import satin.SatinObject;

/**
 * One solution of N-queens by a search that signals its answer by throwing it past its parents: no inlet, only a
 * handler around the root's {@code sync()}. The first child that throws cancels its siblings and its parent's
 * {@code sync()} rethrows at once, up to the root (the original Satin's meaning of an exception without an inlet).
 */
public final class ThrowingSolution extends SatinObject implements ThrowingSolutionInter {

    @Override
    public void search(int n, int[] queens, int row, int spawnRows) throws Solution {
        if (row >= spawnRows) {
            int[] mine = queens.clone();
            if (Placement.completeSequential(n, mine, row)) {
                throw new Solution(mine);
            }
            return;
        }
        for (int column = 0; column < n; column++) {
            if (Placement.free(queens, row, column)) {
                search(n, Placement.with(queens, row, column), row + 1, spawnRows);
            }
        }
        sync();
    }

    /** A solution of N-queens, or null when there is none. */
    public static int[] compute(int n, int spawnRows) {
        ThrowingSolution search = new ThrowingSolution();
        try {
            search.search(n, new int[n], 0, Math.min(spawnRows, n));
            search.sync();
            return null;
        } catch (Solution s) {
            return s.queens;
        }
    }

    /** Whether {@code queens} places {@code n} queens that do not attack each other. */
    public static boolean valid(int n, int[] queens) {
        return queens != null && Placement.valid(n, queens);
    }
}
