package satin.apps.nqueens;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Counts all solutions of the N-queens problem. Every way to place the queen of one of the first
 * {@code spawnRows} rows is a spawned job; from row {@code spawnRows} on a sequential depth-first search
 * counts the completions. The tree is irregular: subtrees die out at very different depths. The cut-off
 * (second argument) trades the number of jobs (about N^spawnRows) against their size.
 */
public final class NQueens extends SatinObject implements NQueensInter {

    static final String USAGE = "nqueens [N (default 15)] [spawn rows (default 3)]";

    @Override
    public long count(int n, int columns, int leftDiagonals, int rightDiagonals, int row, int spawnRows) {
        if (row >= spawnRows) {
            return Board.countSequential(n, columns, leftDiagonals, rightDiagonals);
        }
        long[] counts = new long[n];
        int children = 0;
        int free = Board.free(n, columns, leftDiagonals, rightDiagonals);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            counts[children++] = count(n, columns | bit, (leftDiagonals | bit) << 1, (rightDiagonals | bit) >>> 1,
                    row + 1, spawnRows);
        }
        sync();
        long total = 0;
        for (int i = 0; i < children; i++) {
            total += counts[i];
        }
        return total;
    }

    public static long compute(int n, int spawnRows) {
        NQueens queens = new NQueens();
        long result = queens.count(n, 0, 0, 0, 0, spawnRows);
        queens.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 2, args, System.out, System.err, NQueens::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int n = args.intAt(0, "N", 15, 1, 30);
        int spawnRows = args.intAt(1, "spawn rows", 3, 0, n);
        Timed<Long> result = Timed.run(() -> compute(n, spawnRows));
        out.println("solutions of " + n + "-queens = " + result.value());
        AppMain.printTime(out, "satin", result);
        if (n <= KnownCounts.largest()) {
            return AppMain.check(out, result.value() == KnownCounts.of(n), "equals the published count");
        }
        Timed<Long> sequential = Timed.run(() -> SequentialNQueens.compute(n, spawnRows));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value().equals(sequential.value()), "equals the sequential count");
    }
}
