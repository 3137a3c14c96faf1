package satin.apps.uts;

import java.io.PrintStream;
import java.util.Locale;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * The Unbalanced Tree Search benchmark (Olivier et al., LCPC 2006): counts the nodes of a tree that exists only
 * as a rule, each node's children derived from its SHA-1 state ({@link Sha1Split}, {@link Tree}). Written the
 * way a user writes it: every child is a spawn whose count lands in an array element, then one {@code sync()};
 * no cut-off. The tree is irregular (a node has 0 to 100 children, subtrees differ by orders of magnitude), so
 * load balancing cannot be planned, only done by stealing.
 */
public final class Uts extends SatinObject implements UtsInter {

    static final String USAGE = "uts [tree: T1, T2, T3, T5, T1L, T3L, or a depth 1-20 of the fixed geometric tree "
            + "with seed 19 (default T1)]";

    private final Tree tree;

    public Uts(Tree tree) {
        this.tree = tree;
    }

    @Override
    public long count(byte[] state, int height) {
        int children = tree.children(state, height);
        if (children == 0) {
            return 1;
        }
        long[] counts = new long[children];
        for (int i = 0; i < children; i++) {
            counts[i] = count(Sha1Split.child(state, i), height + 1);
        }
        sync();
        long total = 1;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /** The number of nodes of {@code tree}, counted with spawns. */
    public static long compute(Tree tree) {
        Uts uts = new Uts(tree);
        long result = uts.count(tree.root(), 0);
        uts.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 1, args, System.out, System.err, Uts::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        String name = args.stringAt(0, "T1");
        Trees.Named named = Trees.named(name);
        if (named == null) {
            throw args.error("unknown tree '" + name + "'");
        }
        Timed<Long> result = Timed.run(() -> compute(named.tree()));
        out.printf(Locale.ROOT, "nodes of %s (%s) = %d%n", named.name(), named.tree().options(), result.value());
        AppMain.printTime(out, "satin", result);
        if (named.nodes() > 0) {
            return AppMain.check(out, result.value() == named.nodes(),
                    String.format(Locale.ROOT, "equals the reference count %,d", named.nodes()));
        }
        Timed<Long> sequential = Timed.run(() -> SequentialUts.compute(named.tree()));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value().equals(sequential.value()), "equals the sequential count");
    }
}
