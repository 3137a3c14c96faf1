package satin.apps.queensfirst;

/**
 * The kernel shared by both versions: which columns of the next row are free, a depth-first search for the first
 * completion, and the check of a finished placement. Rows are filled from the top; {@code queens[r]} is the column of
 * row {@code r}.
 */
final class Placement {

    private Placement() {
    }

    /** Whether a queen in {@code column} of {@code row} is attacked by none of the queens of rows before it. */
    static boolean free(int[] queens, int row, int column) {
        for (int r = 0; r < row; r++) {
            int c = queens[r];
            if (c == column || row - r == Math.abs(column - c)) {
                return false;
            }
        }
        return true;
    }

    /** The placement extended by a queen in {@code column} of {@code row}: a copy, so siblings do not share it. */
    static int[] with(int[] queens, int row, int column) {
        int[] next = queens.clone();
        next[row] = column;
        return next;
    }

    /** Completes {@code queens[0..row)} depth first, in place; returns whether it found a completion. */
    static boolean completeSequential(int n, int[] queens, int row) {
        if (row == n) {
            return true;
        }
        for (int column = 0; column < n; column++) {
            if (free(queens, row, column)) {
                queens[row] = column;
                if (completeSequential(n, queens, row + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code queens} places {@code n} queens of which no two attack each other. */
    static boolean valid(int n, int[] queens) {
        if (queens.length != n) {
            return false;
        }
        for (int row = 0; row < n; row++) {
            if (queens[row] < 0 || queens[row] >= n || !free(queens, row, queens[row])) {
                return false;
            }
        }
        return true;
    }
}
