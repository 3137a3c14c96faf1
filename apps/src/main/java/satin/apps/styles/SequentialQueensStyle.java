package satin.apps.styles;

/** The sequential twin of {@link QueensStyle}. */
public final class SequentialQueensStyle {

    private SequentialQueensStyle() {
    }

    public static long compute(int n) {
        return solutions(n, 0, new int[n]);
    }

    static long solutions(int n, int row, int[] columns) {
        if (row == n) {
            return 1;
        }
        long total = 0;
        for (int c = 0; c < n; c++) {
            if (free(columns, row, c)) {
                columns[row] = c;
                total += solutions(n, row + 1, columns);
            }
        }
        return total;
    }

    /** Whether a queen at ({@code row}, {@code c}) is attacked by none of the rows above. */
    static boolean free(int[] columns, int row, int c) {
        for (int r = 0; r < row; r++) {
            int d = columns[r] - c;
            if (d == 0 || d == row - r || d == r - row) {
                return false;
            }
        }
        return true;
    }
}
