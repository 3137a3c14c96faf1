package satin.apps.uts;

/** The sequential baseline: the same walk of the same tree, each child's count added as it returns. */
public final class SequentialUts {

    private SequentialUts() {
    }

    static long count(Tree tree, byte[] state, int height) {
        int children = tree.children(state, height);
        long total = 1;
        for (int i = 0; i < children; i++) {
            total += count(tree, Sha1Split.child(state, i), height + 1);
        }
        return total;
    }

    /** The number of nodes of {@code tree}. */
    public static long compute(Tree tree) {
        return count(tree, tree.root(), 0);
    }
}
