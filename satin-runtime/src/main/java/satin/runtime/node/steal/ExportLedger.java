package satin.runtime.node.steal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import satin.contract.InvocationRecord;
import satin.runtime.node.loop.Confinement;

/**
 * The jobs of this node (or relayed through it) that a thief holds now: exported, result not back. The one rule:
 * <em>whoever claims an export owns its job</em>. A RESULT ({@link #claim}), the recovery of a dead thief
 * ({@link #claimAllOf}) and a reply whose job could not be written ({@link #claim}) each remove the export before
 * they act, and only the one whose removal succeeded acts; so a job is completed, run again or taken back exactly once
 * whatever order those happen in on whatever threads (issue 30: {@code UnwrittenReplyAfterDeathTest}).
 *
 * <p>Threads: one writer, the node's protocol loop. Every export and every claim is a loop step (a steal request's
 * answer, a RESULT, a reply whose job could not be written, a dead thief's recovery; asserted), so they are ordered
 * by the loop and no two claims of one export can overlap. Other threads only read: a worker that aborts a job asks
 * where it is ({@link #target}: the ABORT then names the thief and job id that were true at the read, which is what
 * the thief's early-abort memory is for), the node's thread asks whether anything is out ({@link #isEmpty},
 * {@link #size}). For them both indexes are concurrent maps; an export is visible by id before it is by record, and
 * a claim removes it by id first, then by record. Outside a node (the seeded simulation, unit tests) the caller is
 * the owner, and a claim is still exclusive: {@link ConcurrentHashMap#remove} returns an export to one caller only.
 * Records compare by identity (they do not override {@code equals}).
 */
public final class ExportLedger {

    /** A job handed to node {@code thief} under {@code jobId}, at {@code sentNanos}. */
    public record Export(InvocationRecord record, int thief, long jobId, long sentNanos) {
    }

    private final ConcurrentHashMap<Long, Export> byId = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<InvocationRecord, Export> byRecord = new ConcurrentHashMap<>();
    private volatile Confinement loop = Confinement.CALLER;

    /** The node's protocol loop, the one writer. Before the run. */
    void confine(Confinement owner) {
        loop = owner;
    }

    /** Notes that {@code record} goes to {@code thief} as job {@code jobId} (ids are unique per node). */
    public void export(long jobId, InvocationRecord record, int thief, long nowNanos) {
        assert loop.owns("a job exported");
        Export e = new Export(record, thief, jobId, nowNanos);
        byId.put(jobId, e);
        byRecord.put(record, e);
    }

    /** Claims export {@code jobId}: its job is the caller's now; null when another claimed it first (or none). */
    public Export claim(long jobId) {
        assert loop.owns("an export claimed");
        Export e = byId.remove(jobId);
        if (e != null) {
            byRecord.remove(e.record(), e);
        }
        return e;
    }

    /** Claims every export held by {@code thief} (it is gone): those jobs are the caller's now. */
    public List<Export> claimAllOf(int thief) {
        assert loop.owns("a thief's exports claimed");
        List<Export> out = new ArrayList<>();
        for (Export e : byId.values()) {
            if (e.thief() == thief && byId.remove(e.jobId(), e)) {
                byRecord.remove(e.record(), e);
                out.add(e);
            }
        }
        return out;
    }

    /** Where {@code record} is now (its thief and job id), or null when it is not exported (or back). */
    public Export target(InvocationRecord record) {
        return byRecord.get(record);
    }

    /** Whether no job of this node is out with a thief. */
    public boolean isEmpty() {
        return byId.isEmpty();
    }

    /** How many jobs of this node other nodes hold now. */
    public int size() {
        return byId.size();
    }
}
