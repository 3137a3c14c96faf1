package satin.runtime.node.steal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
 *
 * <p><b>Held.</b> An export exists from the answer on, but its thief holds the job only once the STEAL_REPLY has been
 * written to it: the reply is queued for the peer's writer, and the node can die between the answer and the write
 * (then no thief ever holds the job). The writer reports the write and the loop marks the export ({@link #written});
 * {@link #held} counts the marked exports, the jobs a crash of this node now leaves as orphans elsewhere. The marks
 * are the loop's like the exports; a claim removes its export's mark only after its removal by id succeeded, so
 * claims that race outside a node still remove each mark once.
 */
public final class ExportLedger {

    /** A job handed to node {@code thief} under {@code jobId}, at {@code sentNanos}. */
    public record Export(InvocationRecord record, int thief, long jobId, long sentNanos) {
    }

    private final ConcurrentHashMap<Long, Export> byId = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<InvocationRecord, Export> byRecord = new ConcurrentHashMap<>();
    /** The ids of the exports whose reply has been written ("Held"); a subset of {@link #byId}'s keys. */
    private final Set<Long> written = ConcurrentHashMap.newKeySet();
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
            written.remove(jobId);
        }
        return e;
    }

    /**
     * The STEAL_REPLY carrying export {@code jobId} has been written to its thief ("Held"); nothing when the export
     * was claimed meanwhile (its result came back, its thief was declared dead, or its job could not be written).
     */
    public void written(long jobId) {
        assert loop.owns("an export's reply written");
        if (byId.containsKey(jobId)) {
            written.add(jobId);
        }
    }

    /** Claims every export held by {@code thief} (it is gone): those jobs are the caller's now. */
    public List<Export> claimAllOf(int thief) {
        assert loop.owns("a thief's exports claimed");
        List<Export> out = new ArrayList<>();
        for (Export e : byId.values()) {
            if (e.thief() == thief && byId.remove(e.jobId(), e)) {
                byRecord.remove(e.record(), e);
                written.remove(e.jobId());
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

    /** How many jobs of this node are exported now (answered, result not back), their replies written or not. */
    public int size() {
        return byId.size();
    }

    /** How many jobs of this node other nodes hold now: exported and their replies written ("Held"). Any thread. */
    public int held() {
        return written.size();
    }
}
