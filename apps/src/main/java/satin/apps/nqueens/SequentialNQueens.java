package satin.apps.nqueens;

/** The sequential baseline: the same split at the first {@code spawnRows} rows, without Satin operations. */
public final class SequentialNQueens {

    private SequentialNQueens() {
    }

    static long count(int n, int columns, int leftDiagonals, int rightDiagonals, int row, int spawnRows) {
        if (row >= spawnRows) {
            return Board.countSequential(n, columns, leftDiagonals, rightDiagonals);
        }
        long total = 0;
        int free = Board.free(n, columns, leftDiagonals, rightDiagonals);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            total += count(n, columns | bit, (leftDiagonals | bit) << 1, (rightDiagonals | bit) >>> 1, row + 1,
                    spawnRows);
        }
        return total;
    }

    public static long compute(int n, int spawnRows) {
        return count(n, 0, 0, 0, 0, spawnRows);
    }
}
