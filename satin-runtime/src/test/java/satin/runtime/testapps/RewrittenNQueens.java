package satin.runtime.testapps;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * N-queens counting, an irregular search tree: one spawn per safe column at every row, results stored into
 * array elements. Written by hand in the rewriter's output shape (see {@link RewrittenFib}); the board travels
 * as an {@code int[]} argument of stolen jobs. A program of the multi-node tests.
 */
@Rewritten(1)
public final class RewrittenNQueens extends SatinObject {

    /** Prints the number of solutions on an n x n board. */
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        System.out.println("queens " + n + " = " + new RewrittenNQueens().solve(n, 0, new int[0]));
    }

    public long solve(int n, int row, int[] cols) {
        InvocationRecord frame = null;
        try {
            if (row == n) {
                Spawns.sync(frame);
                return 1;
            }
            long[] counts = new long[n];
            for (int c = 0; c < n; c++) {
                if (safe(cols, c)) {
                    int[] next = place(cols, c);
                    if (Spawns.inline()) {
                        try {
                            counts[c] = solve(n, row + 1, next);
                        } catch (Throwable t) {
                            frame = Spawns.failed(t, frame);
                        }
                    } else {
                        frame = Spawns.spawn(SolveRecord.create(this, n, row + 1, next, counts, c), frame);
                    }
                }
            }
            Spawns.sync(frame);
            frame = null;
            long total = 0;
            for (long k : counts) {
                total += k;
            }
            return total;
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    /** The same search without Satin, for checking. */
    public static long sequential(int n, int row, int[] cols) {
        if (row == n) {
            return 1;
        }
        long total = 0;
        for (int c = 0; c < n; c++) {
            if (safe(cols, c)) {
                total += sequential(n, row + 1, place(cols, c));
            }
        }
        return total;
    }

    static boolean safe(int[] cols, int c) {
        int row = cols.length;
        for (int r = 0; r < row; r++) {
            if (cols[r] == c || Math.abs(cols[r] - c) == row - r) {
                return false;
            }
        }
        return true;
    }

    static int[] place(int[] cols, int c) {
        int[] next = java.util.Arrays.copyOf(cols, cols.length + 1);
        next[cols.length] = c;
        return next;
    }

    /** A solve spawn whose result goes into an array element (the destination never travels). */
    @Rewritten(1)
    static final class SolveRecord extends InvocationRecord {
        RewrittenNQueens target;
        int n;
        int row;
        int[] cols;
        long result;
        transient long[] destination;
        transient int index;

        static SolveRecord create(RewrittenNQueens target, int n, int row, int[] cols, long[] destination, int index) {
            SolveRecord r = new SolveRecord();
            r.target = target;
            r.n = n;
            r.row = row;
            r.cols = cols;
            r.destination = destination;
            r.index = index;
            return r;
        }

        @Override
        protected void execute() {
            result = target.solve(n, row, cols);
        }

        @Override
        protected void deliver() {
            destination[index] = result;
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Long) value;
        }
    }
}
