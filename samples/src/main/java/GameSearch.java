/**
 * {@code GameSearch [depth]}: a depth-limited negamax search of a take-away game (take 1 to 3 stones from one heap; who
 * cannot move loses), written the way a quick program is: every class in the unnamed package, package-private, a
 * position class without a no-argument constructor, and a house rule enforced by throwing the program's own
 * exception: a position with two equal heaps two moves deep is illegal, the search of it throws
 * {@link IllegalPosition}, and the spawner catches it by its type, checks the position and cause it carries, and
 * scores the move by the rule's penalty (the same whichever of several illegal moves is reported: which one a
 * {@code sync()} rethrows depends on the order children end, in the original as here).
 * Prints the value of the position and of each first move; the same with and without Satin, on any number of nodes.
 */
public class GameSearch extends satin.SatinObject implements GameInter {
    private static final long serialVersionUID = 1L;

    /** Moves up to this depth are spawned; deeper ones are plain calls. */
    static final int SPAWN_DEPTH = 3;

    private final int limit;

    GameSearch(int limit) {
        this.limit = limit;
    }

    @Override
    public int search(Heaps position, int depth) throws IllegalPosition {
        return evaluate(position, depth);
    }

    /** The search itself, a plain method: what a spawned search runs, and the deep levels call directly. */
    private int evaluate(Heaps position, int depth) throws IllegalPosition {
        if (depth == 2 && position.twins()) {
            throw new IllegalPosition(position, depth);
        }
        if (position.total() == 0) {
            return -1000 + depth; // no move: lost, later is better
        }
        if (depth == limit) {
            return position.total() % 4 == 0 ? -1 : 1;
        }
        return scoreMoves(position, depth, new int[12]);
    }

    /** The best of the moves' scores: spawned near the root, the illegal ones scored by the rule's penalty. */
    private int scoreMoves(Heaps position, int depth, int[] scores) throws IllegalPosition {
        int best = Integer.MIN_VALUE;
        try {
            int n = spawnMoves(position, depth, scores);
            for (int i = 0; i < n; i++) {
                best = Math.max(best, -scores[i]);
            }
        } catch (IllegalPosition e) {
            if (!e.position.twins() || !(e.getCause() instanceof ArithmeticException)) {
                throw new IllegalStateException("an illegal position that arrived without its state", e);
            }
            best = -500 - e.depth; // the same whichever illegal move is reported (several may be)
        }
        return best;
    }

    /** Searches every move into {@code scores} and returns how many there are. */
    private int spawnMoves(Heaps position, int depth, int[] scores) throws IllegalPosition {
        int n = 0;
        for (int heap = 0; heap < position.stones.length; heap++) {
            for (int take = 1; take <= 3 && take <= position.stones[heap]; take++) {
                if (depth < SPAWN_DEPTH) {
                    scores[n++] = search(position.after(heap, take), depth + 1);
                } else {
                    scores[n++] = evaluate(position.after(heap, take), depth + 1);
                }
            }
        }
        sync();
        return n;
    }

    public static void main(String[] args) throws Exception {
        int limit = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        GameSearch game = new GameSearch(limit);
        Heaps start = new Heaps(4, 5, 6, 7);
        StringBuilder moves = new StringBuilder();
        int best = Integer.MIN_VALUE;
        int[] scores = new int[12];
        int n = 0;
        for (int heap = 0; heap < start.stones.length; heap++) {
            for (int take = 1; take <= 3; take++) {
                scores[n++] = game.search(start.after(heap, take), 1);
            }
        }
        game.sync();
        for (int i = 0; i < n; i++) {
            moves.append(' ').append(-scores[i]);
            best = Math.max(best, -scores[i]);
        }
        System.out.println("game " + start + " depth " + limit + ": value " + best + ", moves" + moves);
    }
}
