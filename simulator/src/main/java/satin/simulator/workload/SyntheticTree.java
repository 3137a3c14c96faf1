package satin.simulator.workload;

import java.util.SplittableRandom;

/**
 * A {@link TreeShape} unfolded lazily. Every job carries a 64-bit seed; its children's work split and seeds
 * are a pure function of that seed, so the tree is fixed by the root seed and never stored: only live jobs
 * exist as objects. Work is split in integer nanoseconds with the remainder going to the last child, so the
 * own times of all jobs add up to exactly {@link TreeShape#totalNanos()}.
 */
public final class SyntheticTree implements Workload {
    private static final int MAX_DEPTH = 200;

    private final TreeShape shape;
    private final long seed;

    public SyntheticTree(TreeShape shape, long seed) {
        this.shape = shape;
        this.seed = seed;
    }

    public TreeShape shape() {
        return shape;
    }

    @Override
    public String name() {
        return shape.name();
    }

    @Override
    public SimJob root() {
        SimJob root = new SimJob();
        describe(root, shape.totalNanos(), 1.0, 0, mix(seed));
        return root;
    }

    private void describe(SimJob job, long work, double share, int depth, long jobSeed) {
        job.work = work;
        job.share = share;
        job.depth = depth;
        job.seed = jobSeed;
        job.paramBytes = shape.paramBytes();
        job.resultBytes = (int) Math.min(Integer.MAX_VALUE, shape.resultBytes() + Math.round(share * shape.sharedResultBytes()));
        boolean leaf = work <= shape.leafNanos() || depth >= MAX_DEPTH;
        if (leaf) {
            job.childCount = 0;
            job.ownNanos = work;
            return;
        }
        long own = (long) (work * shape.ownFraction());
        long rest = work - own;
        int span = shape.maxChildren() - shape.minChildren();
        int children = shape.minChildren() + (span == 0 ? 0 : (int) Long.remainderUnsigned(mix(jobSeed ^ 0x5bd1e995L), span + 1));
        if (rest < children) { // too little left to split: keep it all
            job.childCount = 0;
            job.ownNanos = work;
            return;
        }
        job.childCount = children;
        job.ownNanos = own;
    }

    @Override
    public void spawnChildren(SimJob parent, Spawner spawner) {
        int k = parent.childCount;
        long rest = parent.work - parent.ownNanos;
        SplittableRandom random = new SplittableRandom(parent.seed);
        double[] weights = new double[k];
        double sum = 0;
        for (int i = 0; i < k; i++) {
            weights[i] = shape.irregularity() == 0 ? 1.0 : Math.exp(shape.irregularity() * random.nextGaussian());
            sum += weights[i];
        }
        long given = 0;
        double childShare = parent.share / k;
        for (int i = 0; i < k; i++) {
            long w = i == k - 1 ? rest - given : Math.max(1, Math.min(rest - given - (k - 1 - i), (long) (rest * (weights[i] / sum))));
            given += w;
            SimJob child = new SimJob();
            child.parent = parent;
            describe(child, w, childShare, parent.depth + 1, mix(parent.seed + (i + 1) * 0x9E3779B97F4A7C15L));
            spawner.spawn(child);
        }
    }

    @Override
    public long sequentialNanos() {
        return shape.totalNanos();
    }

    @Override
    public long spawnOverheadNanos() {
        return shape.spawnOverheadNanos();
    }

    /** SplitMix64 finalizer: a bijective scramble of 64 bits. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
