package satin.apps.gametree;

/**
 * The kernel shared by both versions: the value of a position at a search horizon, in negamax form (always from the
 * point of view of the player to move), by fail-soft alpha-beta. A lost position is worth {@code -(WIN - moves)} (a
 * win found sooner is worth more), a full board 0, a position at the horizon its {@link #evaluate evaluation}.
 * Fail-soft: a result {@code v <= alpha} is an upper bound of the true value, {@code v >= beta} a lower bound, and one
 * strictly between them is exact, so a search of the root with the full window gives the exact value, whatever
 * narrower windows its subtrees were searched with.
 */
final class AlphaBeta {

    /** More than any evaluation: a lost position is worth at most {@code -(WIN - 42)}. */
    static final int WIN = 1_000_000;
    /** Wider than every value: the full window is {@code (-INFINITY, INFINITY)}. */
    static final int INFINITY = 2 * WIN;

    /** Weights of a line holding 0-3 stones of one player and none of the other's. */
    private static final int[] LINE_WEIGHT = {0, 1, 8, 64};

    private AlphaBeta() {
    }

    /**
     * The value of {@code p} if it ends the game here or at the horizon ({@code depth == 0}), else null: a
     * {@code Integer} only to say "go on searching" without a second call.
     */
    static Integer settled(Position p, int depth) {
        if (p.lostByMover()) {
            return -(WIN - p.moves());
        }
        if (p.full()) {
            return 0;
        }
        if (depth == 0) {
            return evaluate(p);
        }
        return null;
    }

    /**
     * The heuristic value of a position for the player to move: for every line of four cells that only one player
     * occupies, the weight of its stone count, positive for the player to move, negative for the other.
     */
    static int evaluate(Position p) {
        long mine = p.current();
        long theirs = p.current() ^ p.mask();
        int score = 0;
        for (long line : p.geometry().lines()) {
            int m = Long.bitCount(line & mine);
            int t = Long.bitCount(line & theirs);
            if (t == 0) {
                score += LINE_WEIGHT[m];
            } else if (m == 0) {
                score -= LINE_WEIGHT[t];
            }
        }
        return score;
    }

    /** Fail-soft alpha-beta to {@code depth} more moves. */
    static int search(Position p, int depth, int alpha, int beta) {
        Integer settled = settled(p, depth);
        if (settled != null) {
            return settled;
        }
        int best = -INFINITY;
        for (int column : p.geometry().moveOrder()) {
            if (p.canPlay(column)) {
                int score = -search(p.play(column), depth - 1, -beta, -Math.max(alpha, best));
                if (score > best) {
                    best = score;
                    if (best >= beta) {
                        break; // refuted: the opponent will not allow this position
                    }
                }
            }
        }
        return best;
    }

    /** Plain negamax without pruning: the definition alpha-beta must agree with (tests only, small depths). */
    static int minimax(Position p, int depth) {
        Integer settled = settled(p, depth);
        if (settled != null) {
            return settled;
        }
        int best = -INFINITY;
        for (int column = 0; column < p.geometry().width(); column++) {
            if (p.canPlay(column)) {
                best = Math.max(best, -minimax(p.play(column), depth - 1));
            }
        }
        return best;
    }
}
