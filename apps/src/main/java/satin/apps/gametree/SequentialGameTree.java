package satin.apps.gametree;

/** The sequential twin of {@link GameTree}: fail-soft alpha-beta from the root with the full window. */
public final class SequentialGameTree {

    private SequentialGameTree() {
    }

    public static int compute(Position root, int depth) {
        return AlphaBeta.search(root, depth, -AlphaBeta.INFINITY, AlphaBeta.INFINITY);
    }
}
