package satin.apps.gametree;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Parallel alpha-beta on Connect Four with inlets and {@code abort()}: see the package comment. The value is the same
 * as the sequential search's on any number of workers and nodes; how much is searched depends on the schedule.
 */
public final class GameTree extends SatinObject implements GameTreeInter {

    static final String USAGE = "gametree [depth (default 13)] [spawn depth (default 3)] [width 4-7 (default 7)]"
            + " [height 4-6 (default 6)] [opening moves as column digits, e.g. 4453 (default none)]";

    @Override
    public void search(Position p, int depth, int alpha, int beta, int spawnDepth) throws Value {
        Integer settled = AlphaBeta.settled(p, depth);
        if (settled != null) {
            throw new Value(settled);
        }
        if (spawnDepth == 0) {
            throw new Value(AlphaBeta.search(p, depth, alpha, beta));
        }
        int[] order = p.geometry().moveOrder();
        int eldest = 0;
        while (!p.canPlay(order[eldest])) {
            eldest++; // the board is not full, so some column has room
        }
        // Young brothers wait: the eldest (best ordered) move is searched first, so its value narrows the window of
        // the others, which are then searched in parallel.
        int best = -AlphaBeta.INFINITY;
        try {
            search(p.play(order[eldest]), depth - 1, -beta, -alpha, spawnDepth - 1);
        } catch (Value v) {
            best = -v.score;
        }
        sync();
        int window = Math.max(alpha, best);
        for (int i = eldest + 1; i < order.length && best < beta; i++) {
            // best is raised by the inlet, which runs in the sync() below: on workers every younger brother is
            // spawned with the eldest's window; run sequentially the inlet runs at once and the loop stops at a cut
            if (p.canPlay(order[i])) {
                try {
                    search(p.play(order[i]), depth - 1, -beta, -window, spawnDepth - 1);
                } catch (Value v) {
                    // An inlet: runs in this invocation's sync() once per child that answered.
                    int score = -v.score;
                    if (score > best) {
                        best = score;
                        window = Math.max(window, best);
                        if (best >= beta) {
                            abort(); // refuted: the siblings still searching cannot change the value any more
                        }
                    }
                }
            }
        }
        sync();
        throw new Value(best);
    }

    /** The value of {@code root} searched to {@code depth} moves, the first {@code spawnDepth} levels spawned. */
    public static int compute(Position root, int depth, int spawnDepth) {
        GameTree tree = new GameTree();
        int value = 0;
        try {
            tree.search(root, depth, -AlphaBeta.INFINITY, AlphaBeta.INFINITY, spawnDepth);
        } catch (Value v) {
            value = v.score;
        }
        tree.sync();
        return value;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 5, args, System.out, System.err, GameTree::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int depth = args.intAt(0, "depth", 13, 0, Geometry.MAX_WIDTH * Geometry.MAX_HEIGHT);
        int spawnDepth = args.intAt(1, "spawn depth", 3, 0, depth);
        int width = args.intAt(2, "width", Geometry.MAX_WIDTH, Geometry.MIN_SIZE, Geometry.MAX_WIDTH);
        int height = args.intAt(3, "height", Geometry.MAX_HEIGHT, Geometry.MIN_SIZE, Geometry.MAX_HEIGHT);
        String opening = args.stringAt(4, "");
        Position root;
        try {
            root = Position.empty(Geometry.of(width, height)).playAll(opening);
        } catch (IllegalArgumentException e) {
            throw args.error("opening moves: " + e.getMessage());
        }
        Timed<Integer> result = Timed.run(() -> compute(root, depth, spawnDepth));
        out.println("connect four " + width + "x" + height + (opening.isEmpty() ? "" : " after " + opening)
                + ", depth " + depth + ": value " + describe(result.value()));
        AppMain.printTime(out, "satin", result);
        Timed<Integer> sequential = Timed.run(() -> SequentialGameTree.compute(root, depth));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value().intValue() == sequential.value().intValue(),
                "equals the sequential alpha-beta value " + sequential.value());
    }

    /** The value, and what it means when it is a forced result. */
    static String describe(int value) {
        if (value > AlphaBeta.WIN - 100) {
            return value + " (the player to move wins by move " + (AlphaBeta.WIN - value) + ")";
        }
        if (value < -AlphaBeta.WIN + 100) {
            return value + " (the player to move loses by move " + (AlphaBeta.WIN + value) + ")";
        }
        return String.valueOf(value);
    }
}
