package satin.runtime.node.steal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import satin.contract.InvocationRecord;
import satin.runtime.node.loop.Confinement;

/**
 * Which jobs cross this node, and whose each one is now: the one ledger of stealing between nodes. It alone owns
 * <ul>
 *   <li>the jobs <b>exported</b>: this node's jobs (and relayed ones) that a thief holds now ({@link ExportLedger}:
 *       whoever claims an export owns its job);</li>
 *   <li>the jobs <b>foreign</b> here: from other nodes, arrived in a steal reply and waiting ({@link #takeArrived}),
 *       or taken by a worker (or a relay) and not finished, by where they came from ({@link Origin}), and by the
 *       name an ABORT uses ({@link JobRef}), with the ABORTs that came before their job;</li>
 *   <li>the jobs <b>relayed</b>: arrived jobs handed on to a thief of this node, whose result goes on to their
 *       origin;</li>
 *   <li>the results <b>kept</b>: sent to their owners, kept for their owners' crash ({@link KeptResults}).</li>
 * </ul>
 *
 * <h2>Threads and ordering: the loop owns, workers hand over</h2>
 * The ledger is owned by the node's protocol loop ({@link #confine}): every change is a loop step (asserted where it
 * is kept), and the indexes the loop alone reads (the jobs by the name an ABORT uses, the relayed jobs, the early ABORTs, the
 * kept results) are plain collections. Workers touch it in three places only, none of which takes a lock or waits:
 * <ol>
 *   <li><b>Take an arrival</b> ({@link #takeArrived}): one {@code poll} of the lock-free queue the loop fills. The
 *       queue's removal is the claim: of a worker and the loop's relay or drop that want the same arrival, exactly
 *       one removes it. The arrival stays in the loop's index all the while, with the identity the loop computed when
 *       it arrived, so a dead owner's orphans are all found by the loop alone ({@link #orphansOf}), whether a job
 *       waits, runs or was relayed, and nothing is digested while a worker runs the job.</li>
 *   <li><b>Finish a foreign job</b> ({@link #finished}): the worker reads the job's origin from a concurrent map
 *       the loop fills before it queues the arrival (so the worker that took it finds it) and posts its removal to
 *       the loop. Until that step runs the job is still listed as here; so the step that keeps its result checks its
 *       owner's death again ({@link #keep}).</li>
 *   <li><b>Keep a result</b> ({@link #keep}, {@link #sized}): posted, as are the sizes the peers' writers learn.</li>
 * </ol>
 * Posting is the loop's lock-free queue (an offer, an unpark when the loop is idle): the hand-off from many producers
 * to the one consumer. One poster's steps keep their order (the loop runs them in posting order), so a
 * worker's removal of a job comes before the keep of its result. Other threads read only what is concurrent:
 * {@link #holdsNothing} (the leaving node's thread), the export ledger's reads. Outside a node (the seeded
 * simulation, unit tests) the confinement is the caller's: a post runs at once.
 */
public final class StealLedger {

    /** The most ABORTs remembered for jobs that have not arrived (or finished already), oldest dropped first. */
    static final int EARLY_ABORTS = 4096;

    /** A job as its owner and the thief both name it: what an ABORT refers to. */
    public record JobRef(int node, long jobId) {
    }

    /**
     * Where a job that runs here came from; {@code key} is its identity with fault tolerance (else 0), computed when
     * it arrived; {@code startNanos} when a worker (or a relay) took it up (0 before).
     */
    public record Origin(int node, long jobId, long key, long startNanos) {
        JobRef ref() {
            return new JobRef(node, jobId);
        }
    }

    /**
     * A job that came in a steal reply: here from its arrival until the loop learns that it finished or left.
     * {@code relayable}: a thief may get it; false for a synchronous reply's job, which its requesting worker waits
     * for right now (the loop's; a put-back makes it true).
     */
    static final class Arrival {
        private final InvocationRecord record;
        private final Origin origin;
        private boolean relayable;
        /** Written by whoever removed it from the queue, before it runs; read when it finishes. */
        private volatile long startNanos;

        Arrival(InvocationRecord record, Origin origin, boolean relayable) {
            this.record = record;
            this.origin = origin;
            this.relayable = relayable;
        }

        InvocationRecord record() {
            return record;
        }

        Origin origin() {
            return origin;
        }

        Origin started() {
            return new Origin(origin.node(), origin.jobId(), origin.key(), startNanos);
        }
    }

    private final ExportLedger exported = new ExportLedger();
    /** Arrivals not taken up yet: filled by the loop, taken by workers and by the loop (relay, drop). */
    private final ConcurrentLinkedQueue<Arrival> arrived = new ConcurrentLinkedQueue<>();
    /** Every job from elsewhere here (waiting, running, relayed), by record: the loop writes, workers read. */
    private final ConcurrentHashMap<InvocationRecord, Arrival> byRecord = new ConcurrentHashMap<>();
    /** The same jobs by the name an ABORT uses, in arrival order; the loop's. */
    private final Map<JobRef, Arrival> foreign = new LinkedHashMap<>();
    /** Arrivals handed on to a thief; records compare by identity; the loop's. */
    private final Set<InvocationRecord> relayed = Collections.newSetFromMap(new IdentityHashMap<>());
    /** ABORTs for jobs not here (yet); the loop's. */
    private final LinkedHashSet<JobRef> earlyAborts = new LinkedHashSet<>();
    private final KeptResults kept;
    /** When a foreign job starts here ({@link Origin#startNanos}): {@link System#nanoTime} in a run. */
    private final LongSupplier nanoClock;
    private volatile Confinement loop = Confinement.CALLER;

    public StealLedger(KeptResults kept, LongSupplier nanoClock) {
        this.kept = kept;
        this.nanoClock = nanoClock;
    }

    /** The node's protocol loop, which owns this ledger (see the class comment). Before the run. */
    public void confine(Confinement owner) {
        loop = owner;
        exported.confine(owner);
        kept.confine(owner);
    }

    // ---- exported ----

    /** The jobs this node handed to thieves (see {@link ExportLedger}). */
    public ExportLedger exported() {
        return exported;
    }

    // ---- foreign: arrived and running ----

    /**
     * A job from {@code origin} (its {@code key} computed already) arrived in a steal reply: here and addressable by
     * an ABORT from now on, not yet queued for the workers ({@link #queueArrival}). Returns whether its ABORT came
     * first (then the caller cancels it; it still runs through a worker, which sees it aborted). A loop step.
     */
    boolean registerForeign(Origin origin, InvocationRecord job, boolean relayable) {
        assert loop.owns("a job registered");
        Arrival a = new Arrival(job, origin, relayable);
        byRecord.put(job, a); // before the queue's offer: a worker that takes it finds it here
        foreign.put(origin.ref(), a);
        return earlyAborts.remove(origin.ref());
    }

    /** Queues a registered job for this node's workers (and, when relayable, its thieves). A loop step. */
    void queueArrival(InvocationRecord job) {
        assert loop.owns("a job queued");
        Arrival a = byRecord.get(job);
        if (a != null) {
            arrived.add(a);
        }
    }

    /**
     * A worker takes the oldest arrived job, now its to run; null when none waits. Lock-free: one removal from the
     * queue (see the class comment); the job stays in the loop's index until it finished.
     */
    InvocationRecord takeArrived() {
        Arrival a = arrived.poll();
        if (a == null) {
            return null;
        }
        a.startNanos = nanoClock.getAsLong();
        return a.record;
    }

    /** Removes and returns the oldest arrival {@code which} accepts, or null (the loop: a relay, a drop). */
    private Arrival removeFirstArrival(Predicate<Arrival> which) {
        for (Arrival a : arrived) {
            if (which.test(a) && arrived.remove(a)) {
                return a;
            }
        }
        return null;
    }

    /**
     * A job from elsewhere finished here (a worker, or the loop for a relayed job's result): its origin, or null if it
     * came from nowhere. Its removal from the ledger is posted to the loop (run at once on the loop).
     */
    Origin finished(InvocationRecord record) {
        Arrival a = byRecord.get(record);
        if (a == null) {
            return null;
        }
        loop.runOrPost(() -> forget(a));
        return a.started();
    }

    /** The loop forgets an arrival (finished, dropped or lost with a thief it was relayed to). */
    private void forget(Arrival a) {
        byRecord.remove(a.record, a);
        foreign.remove(a.origin.ref(), a);
    }

    /** Whether the job {@code ref} is here: arrived, running or relayed, not finished. A loop step. */
    public boolean holds(JobRef ref) {
        assert loop.owns("the ledger read");
        return foreign.containsKey(ref);
    }

    /** Where a job from elsewhere that runs (or was relayed) here came from, or null. A loop step. */
    Origin origin(InvocationRecord record) {
        Arrival a = byRecord.get(record);
        return a == null ? null : a.started();
    }

    /**
     * An ABORT for {@code ref}: the job if it is here; else null, and the ABORT is remembered for its arrival. A loop
     * step, as is the STEAL_REPLY's {@link #registerForeign}: whichever comes second sees the first.
     */
    InvocationRecord abortTarget(JobRef ref) {
        assert loop.owns("an ABORT handled");
        Arrival a = foreign.get(ref);
        if (a == null) {
            earlyAborts.add(ref);
            if (earlyAborts.size() > EARLY_ABORTS) {
                earlyAborts.remove(earlyAborts.iterator().next());
            }
            return null;
        }
        return a.record;
    }

    /**
     * Drops the first unstarted arrival that {@code which} accepts (forgotten as addressable too) and returns its
     * origin, or null when none does. A loop step.
     */
    Origin dropArrival(Predicate<Arrival> which) {
        assert loop.owns("an arrival dropped");
        Arrival a = removeFirstArrival(which);
        if (a == null) {
            return null;
        }
        forget(a);
        return a.origin;
    }

    /**
     * The identities of the jobs here (waiting, running or relayed) that came from {@code owner}: orphans once it is
     * gone. A loop step; the identities were taken on arrival, before any worker ran the jobs.
     */
    List<Long> orphansOf(int owner) {
        assert loop.owns("orphans listed");
        List<Long> keys = new ArrayList<>();
        for (Arrival a : foreign.values()) {
            if (a.origin.node() == owner) {
                keys.add(a.origin.key());
            }
        }
        return keys;
    }

    /** Whether no job from elsewhere waits or runs here and no job of this node is out with a thief. Any thread. */
    public boolean holdsNothing() {
        return byRecord.isEmpty() && exported.isEmpty();
    }

    // ---- relayed ----

    /** The oldest relayable arrival, handed on to a thief now (relayed), or null. A loop step. */
    InvocationRecord relay() {
        assert loop.owns("a job relayed");
        Arrival a = removeFirstArrival(x -> x.relayable);
        if (a == null) {
            return null;
        }
        a.startNanos = nanoClock.getAsLong();
        relayed.add(a.record);
        return a.record;
    }

    boolean isRelayed(InvocationRecord job) {
        assert loop.owns("the ledger read");
        return relayed.contains(job);
    }

    /** The relayed job's result is here: no longer relayed; false if it was not relayed. A loop step. */
    boolean unrelay(InvocationRecord job) {
        assert loop.owns("a relay ended");
        return relayed.remove(job);
    }

    /** A relayed job that could not go to its thief (or whose result could not come back) waits here again. */
    void putBack(InvocationRecord job) {
        assert loop.owns("a job put back");
        relayed.remove(job);
        Arrival a = byRecord.get(job);
        if (a != null) { // a relayed job stays in the index until it finished or left: always found
            a.relayable = true;
            arrived.add(a);
        }
    }

    /** A relayed job lost with its thief leaves this node: no longer relayed, running or addressable by an ABORT. */
    void forgetRelayed(InvocationRecord record, Origin origin) {
        assert loop.owns("a relayed job forgotten");
        relayed.remove(record);
        Arrival a = byRecord.get(record);
        if (a != null) {
            forget(a);
        }
    }

    // ---- kept ----

    /** A result about to be sent to {@code owner}: see {@link KeptResults#entry}. */
    KeptResults.Entry keptEntry(int owner, long key, KeptResults.Outcome outcome) {
        return kept.entry(owner, key, outcome);
    }

    /**
     * Hands over a result that was sent to its owner (a worker's post): the loop keeps it, or, when the owner is dead
     * by then ({@code gone}), hands it to {@code orphaned} at once. The owner's death step may have run between the
     * send and this step, and listed the job as an orphan computed here (its removal was still queued): that job's
     * result must not wait for a take of the kept results that has run already.
     */
    void keep(KeptResults.Entry entry, IntPredicate gone, Consumer<KeptResults.Entry> orphaned) {
        loop.runOrPost(() -> {
            if (gone.test(entry.owner)) {
                orphaned.accept(entry);
            } else {
                kept.keep(entry);
            }
        });
    }

    /** The writer of a kept result's RESULT message learned its size (on the writer's thread): posted. */
    void sized(KeptResults.Entry entry, long bytes) {
        loop.runOrPost(() -> entry.sized(bytes));
    }

    /** Removes and hands to {@code salvage} the results kept for {@code owner}, which is gone. A loop step. */
    void takeKept(int owner, Consumer<KeptResults.Entry> salvage) {
        kept.take(owner, salvage);
    }

    /** The results kept for their owners' crash that were given up, and their bytes. */
    public long keptDropped() {
        return kept.droppedResults();
    }

    public long keptDroppedBytes() {
        return kept.droppedBytes();
    }
}
