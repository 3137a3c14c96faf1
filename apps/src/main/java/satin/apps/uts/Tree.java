package satin.apps.uts;

import java.util.Locale;

/**
 * One UTS tree family: how many children a node has, from its state and height (Olivier et al., LCPC 2006, and the
 * reference implementation's {@code uts_numChildren}). Immutable; a Satin job carries it (its target holds it).
 *
 * <ul>
 *   <li><b>binomial</b> ({@code -t 0}): the root has {@code floor(b0)} children; every other node has {@code m}
 *       children with probability {@code q}, else none;</li>
 *   <li><b>geometric</b> ({@code -t 1}): a node at height {@code h} has a geometrically distributed number of
 *       children with mean {@code b_h}, {@code floor(log(1 - u) / log(1 - 1 / (1 + b_h)))} for the node's uniform
 *       number {@code u}; {@code b_h} follows the shape function ({@code -a}: 0 linear decrease to the depth limit
 *       {@code d}, 1 exponential decrease, 2 cyclic, 3 fixed {@code b0} above depth {@code d} and none below).</li>
 * </ul>
 * No node but a binomial root has more than 100 children (the reference's {@code MAXNUMCHILDREN}).
 *
 * The parameters are the reference's: {@code type} 0 binomial, 1 geometric; {@code shape} the geometric shape
 * function 0-3; {@code b0} the root's branching factor (binomial) or the mean one (geometric); {@code depth} the
 * geometric shape's depth ({@code gen_mx}); {@code q} a binomial node's probability of having {@code m} children;
 * {@code seed} the root's seed.
 */
public final class Tree {

    static final int BINOMIAL = 0;
    static final int GEOMETRIC = 1;
    static final int LINEAR = 0;
    static final int EXPDEC = 1;
    static final int CYCLIC = 2;
    static final int FIXED = 3;
    private static final int MAX_CHILDREN = 100;

    private final int type;
    private final int shape;
    private final double b0;
    private final int depth;
    private final double q;
    private final int m;
    private final int seed;
    /** {@code log(1 - 1 / (1 + b0))}: the denominator of every geometric node above the depth limit. */
    private final double logFailure;

    public Tree(int type, int shape, double b0, int depth, double q, int m, int seed) {
        if (type != BINOMIAL && type != GEOMETRIC) {
            throw new IllegalArgumentException("tree type must be 0 (binomial) or 1 (geometric), got " + type);
        }
        if (shape < LINEAR || shape > FIXED) {
            throw new IllegalArgumentException("geometric shape must be 0-3, got " + shape);
        }
        this.type = type;
        this.shape = shape;
        this.b0 = b0;
        this.depth = depth;
        this.q = q;
        this.m = m;
        this.seed = seed;
        this.logFailure = Math.log(1 - 1.0 / (1.0 + b0));
    }

    /** T1 of the UTS sample trees: geometric, fixed shape, depth 10, b 4, seed 19 (4,130,071 nodes). */
    public static final Tree T1 = geometric(10, 19);
    /** T2: geometric, cyclic shape, depth 16, b 6, seed 502 (4,117,769 nodes). */
    public static final Tree T2 = new Tree(GEOMETRIC, CYCLIC, 6, 16, 0, 0, 502);
    /** T3: binomial, b 2000, q 0.124875, m 8, seed 42 (4,112,897 nodes). */
    public static final Tree T3 = new Tree(BINOMIAL, FIXED, 2000, 0, 0.124875, 8, 42);
    /** T5: geometric, linear shape, depth 20, b 4, seed 34 (4,147,582 nodes). */
    public static final Tree T5 = new Tree(GEOMETRIC, LINEAR, 4, 20, 0, 0, 34);
    /** T1L: geometric, fixed shape, depth 13, b 4, seed 29 (102,181,082 nodes). */
    public static final Tree T1L = geometric(13, 29);
    /**
     * T3L: binomial, b 2000, q 0.200014, m 5, seed 7 (111,345,631 nodes; each node has 1.00007 children on average,
     * so the tree is 17,844 levels deep and the hard case for stealing).
     */
    public static final Tree T3L = new Tree(BINOMIAL, FIXED, 2000, 0, 0.200014, 5, 7);

    /**
     * The fixed-depth geometric tree with 4 children on average (lifeline-based global load balancing's UTS
     * benchmarks use it with seed 19: depth 11 has 16,526,523 nodes, 12 has 66,106,929, 13 has 264,459,392).
     */
    public static Tree geometric(int depth, int seed) {
        return new Tree(GEOMETRIC, FIXED, 4, depth, 0, 0, seed);
    }

    public int type() {
        return type;
    }

    public int depth() {
        return depth;
    }

    /** The tree's name in the reference implementation's options. */
    public String options() {
        return type == BINOMIAL
                ? String.format(Locale.ROOT, "-t 0 -b %s -q %s -m %d -r %d", number(b0), number(q), m, seed)
                : String.format(Locale.ROOT, "-t 1 -a %d -d %d -b %s -r %d", shape, depth, number(b0), seed);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** The root's state. */
    public byte[] root() {
        return Sha1Split.root(seed);
    }

    /** How many children the node with {@code state} at {@code height} (root 0) has. */
    public int children(byte[] state, int height) {
        int count;
        if (type == BINOMIAL) {
            if (height == 0) {
                return (int) Math.floor(b0);
            }
            count = Sha1Split.probability(state) < q ? m : 0;
        } else {
            count = geometricChildren(state, height);
        }
        return Math.min(count, MAX_CHILDREN);
    }

    private int geometricChildren(byte[] state, int height) {
        double u = Sha1Split.probability(state);
        if (shape == FIXED) {
            return height < depth ? (int) Math.floor(Math.log(1 - u) / logFailure) : 0;
        }
        double p = 1.0 / (1.0 + meanAt(height));
        return (int) Math.floor(Math.log(1 - u) / Math.log(1 - p));
    }

    private double meanAt(int height) {
        if (height == 0) {
            return b0;
        }
        return switch (shape) {
            case EXPDEC -> b0 * Math.pow(height, -Math.log(b0) / Math.log(depth));
            case CYCLIC -> height > 5 * depth ? 0.0 : Math.pow(b0, Math.sin(2.0 * Math.PI * height / depth));
            default -> b0 * (1.0 - (double) height / depth);
        };
    }
}
