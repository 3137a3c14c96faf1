package satin.cli.bench.uts;

import satin.apps.uts.Sha1Split;
import satin.apps.uts.Tree;

/** The sequential walk: plain recursion over the same kernel as the Satin version, each child's count added. */
final class TreeWalk {

    private final Tree tree;

    TreeWalk(Tree tree) {
        this.tree = tree;
    }

    long count(byte[] state, int height) {
        int children = tree.children(state, height);
        long total = 1;
        for (int i = 0; i < children; i++) {
            total += count(Sha1Split.child(state, i), height + 1);
        }
        return total;
    }

    long count() {
        return count(tree.root(), 0);
    }
}
