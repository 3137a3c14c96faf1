package satin.apps.nqueens;

/**
 * Bit-set arithmetic of a partial N-queens placement, one queen per row from the top: the columns taken
 * and the squares of the current row attacked along both diagonals. Shared by both versions.
 */
final class Board {

    private Board() {
    }

    /** The columns of the current row where a queen can go, as a bit set. */
    static int free(int n, int columns, int leftDiagonals, int rightDiagonals) {
        return ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
    }

    /** Counts all completions of a partial placement by depth-first search. */
    static long countSequential(int n, int columns, int leftDiagonals, int rightDiagonals) {
        if (columns == (1 << n) - 1) {
            return 1;
        }
        long count = 0;
        int free = free(n, columns, leftDiagonals, rightDiagonals);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            count += countSequential(n, columns | bit, (leftDiagonals | bit) << 1, (rightDiagonals | bit) >>> 1);
        }
        return count;
    }
}
