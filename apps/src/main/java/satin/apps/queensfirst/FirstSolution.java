package satin.apps.queensfirst;

import java.io.PrintStream;
import java.util.Arrays;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * One solution of N-queens by speculative search with inlets and {@code abort()}: see the package comment. Which
 * solution is found first depends on the schedule; each is valid.
 */
public final class FirstSolution extends SatinObject implements FirstSolutionInter {

    static final String USAGE = "queensfirst [N (default 22)] [spawn rows (default 3)]";

    @Override
    public void search(int n, int[] queens, int row, int spawnRows) throws Solution {
        if (row >= spawnRows) {
            int[] mine = queens.clone();
            if (Placement.completeSequential(n, mine, row)) {
                throw new Solution(mine);
            }
            return;
        }
        Solution found = null;
        for (int column = 0; column < n && found == null; column++) {
            // found is set by an inlet, which runs in sync(): on workers the loop spawns every child; run
            // sequentially (unrewritten, or off a worker) it stops at the first solution, as a depth-first search
            if (Placement.free(queens, row, column)) {
                try {
                    search(n, Placement.with(queens, row, column), row + 1, spawnRows);
                } catch (Solution s) {
                    // An inlet: runs in this invocation's sync() once per child that found a solution.
                    if (found == null) {
                        found = s;
                        abort(); // the other children's searches are of no use any more
                    }
                }
            }
        }
        sync();
        if (found != null) {
            throw found;
        }
    }

    /** A solution of N-queens, or null when there is none. */
    public static int[] compute(int n, int spawnRows) {
        FirstSolution search = new FirstSolution();
        int[] result = null;
        try {
            search.search(n, new int[n], 0, Math.min(spawnRows, n));
        } catch (Solution s) {
            result = s.queens;
        }
        search.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 2, args, System.out, System.err, FirstSolution::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int n = args.intAt(0, "N", 22, 1, 40);
        int spawnRows = args.intAt(1, "spawn rows", 3, 0, n);
        Timed<int[]> result = Timed.run(() -> compute(n, spawnRows));
        out.println(n + "-queens: " + (result.value() == null ? "no solution" : "solution "
                + Arrays.toString(result.value())));
        AppMain.printTime(out, "satin", result);
        Timed<int[]> sequential = Timed.run(() -> SequentialFirstSolution.compute(n));
        AppMain.printTime(out, "sequential", sequential);
        if (sequential.value() == null) {
            return AppMain.check(out, result.value() == null, "no solution, as the sequential search says");
        }
        return AppMain.check(out, result.value() != null && Placement.valid(n, result.value()),
                "a valid placement of " + n + " queens (the sequential search finds one too)");
    }
}
