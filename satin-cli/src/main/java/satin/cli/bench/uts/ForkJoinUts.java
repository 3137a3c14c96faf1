package satin.cli.bench.uts;

import java.util.concurrent.RecursiveTask;
import satin.apps.uts.Sha1Split;
import satin.apps.uts.Tree;

/**
 * UTS with {@link java.util.concurrent.ForkJoinPool}, written as a user writes it: a task per node that forks a
 * task for every child but the last, computes the last itself, then joins the others (no threshold).
 */
final class ForkJoinUts extends RecursiveTask<Long> {

    private final Tree tree;
    private final byte[] state;
    private final int height;

    ForkJoinUts(Tree tree, byte[] state, int height) {
        this.tree = tree;
        this.state = state;
        this.height = height;
    }

    @Override
    protected Long compute() {
        int children = tree.children(state, height);
        if (children == 0) {
            return 1L;
        }
        ForkJoinUts[] tasks = new ForkJoinUts[children - 1];
        for (int i = 0; i < children - 1; i++) {
            tasks[i] = new ForkJoinUts(tree, Sha1Split.child(state, i), height + 1);
            tasks[i].fork();
        }
        long total = 1 + new ForkJoinUts(tree, Sha1Split.child(state, children - 1), height + 1).compute();
        for (int i = children - 2; i >= 0; i--) {
            total += tasks[i].join();
        }
        return total;
    }
}
