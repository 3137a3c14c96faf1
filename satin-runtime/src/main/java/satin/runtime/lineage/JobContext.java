package satin.runtime.lineage;

import java.util.Arrays;

/**
 * One execution of a job on a worker: its identity, where its spawn indices start in the worker's spawn count,
 * the spawns it queued so far (their indices and the running hash of them), and the plan it replays, if any.
 * Owned by the worker running the job; never shared.
 */
public final class JobContext {

    private static final long[] NONE = new long[0];
    private static final long SEED = 0x5A71_0F1E_D5EE_D001L;

    private final Stamp stamp;
    /** The worker's spawn count when the job started. */
    private final long start;
    /** {@link #start} plus the spawns of jobs run nested inside this one. */
    private long base;
    private long[] queued = NONE;
    private int count;
    private long hash = SEED;
    private ReplayPlan plan;
    private int cursor;

    private JobContext(Stamp stamp, long base) {
        this.stamp = stamp;
        this.start = base;
        this.base = base;
    }

    /**
     * The execution of the job {@code stamp} identifies, starting when the worker has made {@code spawnsSoFar}
     * spawns. Takes the job's plan, if it has one nobody used yet.
     */
    public static JobContext enter(Stamp stamp, long spawnsSoFar) {
        JobContext c = new JobContext(stamp, spawnsSoFar);
        ReplayPlan p = stamp.plan();
        if (p != null && p.start()) {
            c.plan = p;
        }
        return c;
    }

    public Stamp stamp() {
        return stamp;
    }

    public WorkAccount account() {
        return stamp.account();
    }

    /** The index of the spawn about to be made when the worker has made {@code spawnsSoFar} spawns. */
    public long index(long spawnsSoFar) {
        return spawnsSoFar - base;
    }

    /**
     * Every spawn the worker made since this job started, its own and those of jobs run nested inside it: what the
     * job that runs around this one must skip when this one ends.
     */
    public long spawnsSinceStart(long spawnsSoFar) {
        return spawnsSoFar - start;
    }

    /** A job that ran nested inside this one (in a sync) made {@code spawns} spawns: they are not this job's. */
    public void skip(long spawns) {
        base += spawns;
    }

    /** The spawn at {@code index} is queued on node {@code owner}: its identity, after which it counts as queued. */
    public Stamp queue(long index, int owner) {
        Stamp s = new Stamp(stamp, index, hash, queued, count, owner, stamp.account());
        if (count == queued.length) {
            queued = Arrays.copyOf(queued, Math.max(4, 2 * count)); // the stamp above keeps the old array
        }
        queued[count++] = index;
        hash = (hash ^ index) * 0x9E37_79B9_7F4A_7C15L + 0x2545_F491_4F6C_DD1DL;
        return s;
    }

    /** Whether this execution follows a plan (until {@link #endReplay}). */
    public boolean replaying() {
        return plan != null;
    }

    /** Whether {@code index} lies past the plan's last spawn of interest. */
    public boolean pastPlan(long index) {
        return index > plan.last();
    }

    /** Whether the lost execution queued the spawn at {@code index} (indices are asked in increasing order). */
    public boolean forcedQueued(long index) {
        long[] f = plan.forced();
        while (cursor < f.length && f[cursor] < index) {
            cursor++;
        }
        return cursor < f.length && f[cursor] == index;
    }

    /** The plan's entry for the spawn at {@code index}, or null. */
    public ReplayEntry entry(long index) {
        return plan == null ? null : plan.entry(index);
    }

    /**
     * Whether the spawn {@code record} at the entry's index is the call the entry was recorded for: the same spawns
     * queued before it, and the same arguments when their digest is known.
     */
    public boolean matches(ReplayEntry e, satin.contract.InvocationRecord record) {
        return e.prefixHash() == hash && (e.digest() == 0 || e.digest() == ArgumentDigest.of(record));
    }

    /** Leaves the plan: from here on the job runs normally. */
    public void endReplay() {
        plan = null;
    }

    /** See {@link ReplayEntry#claim}: the outcome, {@link #WAIT}, or null. */
    public static Object claim(ReplayEntry e, satin.contract.InvocationRecord record) {
        return e.claim(record);
    }

    /** {@link #claim} result: the record waits for a result another node is computing. */
    public static final Object WAIT = ReplayEntry.WAIT;
}
