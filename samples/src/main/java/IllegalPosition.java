/**
 * The program's own exception, thrown by a search job and caught by its type where the search was spawned: package
 * private, no public {@code (String)} constructor, fields, and a cause. It must arrive as itself from another node.
 */
final class IllegalPosition extends Exception {
    private static final long serialVersionUID = 1L;

    final Heaps position;
    final int depth;

    IllegalPosition(Heaps position, int depth) {
        super("twin heaps " + position + " at depth " + depth, new ArithmeticException("rule 7"));
        this.position = position;
        this.depth = depth;
    }
}
