package satin.runtime.lineage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The identity of one queued record (see the package overview), with what this node keeps beside it: the work
 * account its execution is charged to and, for a record that is replayed, its {@link ReplayPlan}.
 *
 * <p>Identity fields are final and written before the record is published; the plan is set before the record is
 * queued for its re-execution and read by the worker that runs it.
 */
public final class Stamp {

    /** The owner of the root job: whichever node is the master. */
    public static final int MASTER = -1;

    private final Stamp parent;
    private final long index;
    private final long prefixHash;
    /** The parent execution's queued indices; the first {@link #queuedLength} precede this record. */
    private final long[] queued;
    private final int queuedLength;
    private final int owner;
    private final WorkAccount account;
    private volatile ReplayPlan plan;
    private volatile StampPath path;

    Stamp(Stamp parent, long index, long prefixHash, long[] queued, int queuedLength, int owner,
            WorkAccount account) {
        this.parent = parent;
        this.index = index;
        this.prefixHash = prefixHash;
        this.queued = queued;
        this.queuedLength = queuedLength;
        this.owner = owner;
        this.account = account;
    }

    /** The root job's stamp (the job running {@code main}), charging {@code account}, replayed by {@code plan}. */
    public static Stamp root(WorkAccount account, ReplayPlan plan) {
        Stamp s = new Stamp(null, -1, 0, new long[0], 0, MASTER, account);
        s.plan = plan;
        return s;
    }

    /**
     * A job received from another node: its path as sent, a fresh account on this node. The ancestors are rebuilt as
     * stamps without accounts (only their identities matter here).
     */
    public static Stamp received(StampPath path, WorkAccount account) {
        Stamp s = root(null, null);
        List<StampPath.Step> steps = path.steps();
        for (int i = 0; i < steps.size(); i++) {
            StampPath.Step step = steps.get(i);
            s = new Stamp(s, step.index(), step.prefixHash(), step.queued(), step.queued().length, step.owner(),
                    i == steps.size() - 1 ? account : null);
        }
        s.path = path;
        return s;
    }

    /**
     * Records the digest of this record's arguments in its path (when it leaves the node, so that a stored result
     * of it is checked against the call a replay finds at its place).
     */
    public StampPath pathWithDigest(long argumentDigest) {
        StampPath p = path().withDigest(argumentDigest);
        path = p;
        return p;
    }

    /** The same identity with another account and a plan: the record as it is run again. */
    public Stamp forReplay(WorkAccount newAccount, ReplayPlan replay) {
        Stamp s = new Stamp(parent, index, prefixHash, queued, queuedLength, owner, newAccount);
        s.path = path;
        s.plan = replay;
        return s;
    }

    public boolean isRoot() {
        return parent == null;
    }

    /** The node that spawned this record ({@link #MASTER} for the root). */
    public int owner() {
        return owner;
    }

    public long index() {
        return index;
    }

    public WorkAccount account() {
        return account;
    }

    /** The plan of this record's re-execution, or null. */
    public ReplayPlan plan() {
        return plan;
    }

    /** Attaches the plan this record is replayed with (before it is queued). */
    public void plan(ReplayPlan replay) {
        this.plan = replay;
    }

    /** Whether the record must stay on this node: its replay needs results that arrive here. */
    public boolean pinned() {
        return plan != null;
    }

    /** The whole identity as data, root first (computed once; a few steps per level of queued records). */
    public StampPath path() {
        StampPath p = path;
        if (p == null) {
            List<StampPath.Step> steps = new ArrayList<>();
            for (Stamp s = this; s.parent != null; s = s.parent) {
                if (s.path != null) {
                    List<StampPath.Step> known = new ArrayList<>(s.path.steps());
                    Collections.reverse(known);
                    steps.addAll(known);
                    break;
                }
                steps.add(new StampPath.Step(s.owner, s.index, s.prefixHash,
                        Arrays.copyOf(s.queued, s.queuedLength), 0));
            }
            Collections.reverse(steps);
            p = new StampPath(steps);
            path = p;
        }
        return p;
    }

    /** The identity as a key. */
    public PathKey key() {
        return path().key();
    }

    @Override
    public String toString() {
        return path().toString();
    }
}
