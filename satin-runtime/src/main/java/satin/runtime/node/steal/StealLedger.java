package satin.runtime.node.steal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import satin.contract.InvocationRecord;

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
 * <h2>Threads and ordering</h2>
 * Any thread. Every removal from the arrived jobs and every entry into the running ones happen under the running
 * map's monitor, so a job from another node is in exactly one of the two at every moment ({@link #orphansOf} finds it
 * in one). The foreign index and the early ABORTs are under their own monitor, which orders an ABORT against the
 * STEAL_REPLY that brings its job (whichever comes second sees the first). The relayed set, the arrived queue and the
 * export ledger are concurrent. No monitor is held across a send, a wait or a call out of this class.
 */
public final class StealLedger {

    /** The most ABORTs remembered for jobs that have not arrived (or finished already), oldest dropped first. */
    static final int EARLY_ABORTS = 4096;

    /** A job as its owner and the thief both name it: what an ABORT refers to. */
    public record JobRef(int node, long jobId) {
    }

    /** Where a job that runs here came from; {@code key} is its identity with fault tolerance (else 0). */
    public record Origin(int node, long jobId, long key, long startNanos) {
        JobRef ref() {
            return new JobRef(node, jobId);
        }
    }

    /**
     * A job that came in a steal reply, waiting for a worker here. {@code relayable}: a thief may get it; false for a
     * synchronous reply's job, which its requesting worker waits for right now.
     */
    record Arrival(InvocationRecord record, Origin origin, boolean relayable) {
    }

    private final ExportLedger exported = new ExportLedger();
    private final ConcurrentLinkedQueue<Arrival> arrived = new ConcurrentLinkedQueue<>();
    private final Map<InvocationRecord, Origin> running = new IdentityHashMap<>();
    /** Jobs from {@link #arrived} handed on to a thief; records compare by identity. */
    private final Set<InvocationRecord> relayed = ConcurrentHashMap.newKeySet();
    private final Map<JobRef, InvocationRecord> foreign = new java.util.HashMap<>();
    private final LinkedHashSet<JobRef> earlyAborts = new LinkedHashSet<>();
    private final KeptResults kept;
    /** When a foreign job starts here ({@link Origin#startNanos}): {@link System#nanoTime} in a run. */
    private final LongSupplier nanoClock;

    public StealLedger(KeptResults kept, LongSupplier nanoClock) {
        this.kept = kept;
        this.nanoClock = nanoClock;
    }

    // ---- exported ----

    /** The jobs this node handed to thieves (see {@link ExportLedger}). */
    public ExportLedger exported() {
        return exported;
    }

    // ---- foreign: arrived and running ----

    /**
     * A job from {@code origin} arrived in a steal reply: addressable by an ABORT from now on. Returns whether its
     * ABORT came first (then the caller cancels it; it still runs through a worker, which sees it aborted).
     */
    boolean registerForeign(Origin origin, InvocationRecord job) {
        synchronized (foreign) {
            foreign.put(origin.ref(), job);
            return earlyAborts.remove(origin.ref());
        }
    }

    /** Queues an arrived job for this node's workers (and, when {@code relayable}, its thieves). */
    void queueArrival(InvocationRecord job, Origin origin, boolean relayable) {
        arrived.add(new Arrival(job, origin, relayable));
    }

    /**
     * The oldest arrived job ({@code forThief}: the oldest relayable one), now this node's to run or to relay: taken
     * and entered in the running jobs under one lock; null when none waits. With {@code identity} (fault tolerance)
     * its identity as it was spawned is noted, before it runs and perhaps changes its arguments.
     */
    InvocationRecord takeArrived(boolean forThief, ToLongFunction<InvocationRecord> identity) {
        if (arrived.isEmpty()) {
            return null;
        }
        synchronized (running) {
            Arrival a = forThief ? removeFirstArrival(Arrival::relayable) : arrived.poll();
            if (a == null) {
                return null;
            }
            Origin origin = a.origin();
            if (identity != null) {
                origin = new Origin(origin.node(), origin.jobId(), identity.applyAsLong(a.record()),
                        nanoClock.getAsLong());
            }
            running.put(a.record(), origin);
            return a.record();
        }
    }

    /** Removes and returns the oldest arrival {@code which} accepts, or null; the caller holds {@link #running}. */
    private Arrival removeFirstArrival(Predicate<Arrival> which) {
        for (Arrival a : arrived) {
            if (which.test(a) && arrived.remove(a)) {
                return a;
            }
        }
        return null;
    }

    /** A job from elsewhere finished here: forgotten as running and as addressable; null if it came from nowhere. */
    Origin finished(InvocationRecord record) {
        Origin origin;
        synchronized (running) {
            origin = running.remove(record);
        }
        if (origin != null) {
            synchronized (foreign) {
                foreign.remove(origin.ref());
            }
        }
        return origin;
    }

    /** Whether the job {@code ref} is here: arrived, running or relayed, not finished. */
    public boolean holds(JobRef ref) {
        synchronized (foreign) {
            return foreign.containsKey(ref);
        }
    }

    /** Where a job from elsewhere that runs (or was relayed) here came from, or null. */
    Origin origin(InvocationRecord record) {
        synchronized (running) {
            return running.get(record);
        }
    }

    /** An ABORT for {@code ref}: the job if it is here; else null, and the ABORT is remembered for its arrival. */
    InvocationRecord abortTarget(JobRef ref) {
        synchronized (foreign) {
            InvocationRecord job = foreign.get(ref);
            if (job == null) {
                earlyAborts.add(ref);
                if (earlyAborts.size() > EARLY_ABORTS) {
                    earlyAborts.remove(earlyAborts.iterator().next());
                }
            }
            return job;
        }
    }

    /**
     * Drops the first unstarted arrival that {@code which} accepts (forgotten as addressable too) and returns its
     * origin, or null when none does.
     */
    Origin dropArrival(Predicate<Arrival> which) {
        Arrival copy;
        synchronized (running) {
            copy = removeFirstArrival(which);
        }
        if (copy == null) {
            return null;
        }
        synchronized (foreign) {
            foreign.remove(copy.origin().ref());
        }
        return copy.origin();
    }

    /** The identities of the jobs here (running or received) that came from {@code owner}: orphans once it is gone. */
    List<Long> orphansOf(int owner, ToLongFunction<InvocationRecord> identity) {
        List<Long> keys = new ArrayList<>();
        synchronized (running) {
            for (Origin o : running.values()) {
                if (o.node() == owner) {
                    keys.add(o.key());
                }
            }
            // received but not yet taken by a worker (a busy node's asynchronous steal reply): orphans too, whose
            // results will be salvaged; announced now, so that the re-execution waits for them instead of running them
            for (Arrival a : arrived) {
                if (a.origin().node() == owner) {
                    keys.add(identity.applyAsLong(a.record())); // not run yet: its arguments are as spawned
                }
            }
        }
        return keys;
    }

    /** Whether no job from elsewhere waits or runs here and no job of this node is out with a thief. */
    public boolean holdsNothing() {
        if (!arrived.isEmpty() || !exported.isEmpty()) {
            return false;
        }
        synchronized (running) {
            return running.isEmpty();
        }
    }

    // ---- relayed ----

    /** The oldest relayable arrival, handed on to a thief now (relayed), or null. */
    InvocationRecord relay(ToLongFunction<InvocationRecord> identity) {
        InvocationRecord job = takeArrived(true, identity);
        if (job != null) {
            relayed.add(job);
        }
        return job;
    }

    boolean isRelayed(InvocationRecord job) {
        return relayed.contains(job);
    }

    /** The relayed job's result is here: no longer relayed; false if it was not relayed. */
    boolean unrelay(InvocationRecord job) {
        return relayed.remove(job);
    }

    /** A relayed job that could not go to its thief (or whose result could not come back) waits here again. */
    void putBack(InvocationRecord job) {
        relayed.remove(job);
        synchronized (running) { // in one of the two places at every moment, for orphansOf (see takeArrived)
            arrived.add(new Arrival(job, running.remove(job), true));
        }
    }

    /** A relayed job lost with its thief leaves this node: no longer relayed, running or addressable by an ABORT. */
    void forgetRelayed(InvocationRecord record, Origin origin) {
        relayed.remove(record);
        synchronized (running) {
            running.remove(record);
        }
        if (origin != null) {
            synchronized (foreign) {
                foreign.remove(origin.ref());
            }
        }
    }

    // ---- kept ----

    /** A result about to be sent to {@code owner}: see {@link KeptResults#entry}. */
    KeptResults.Entry keptEntry(int owner, long key, KeptResults.Outcome outcome) {
        return kept.entry(owner, key, outcome);
    }

    void keep(KeptResults.Entry entry) {
        kept.keep(entry);
    }

    /** Removes and hands to {@code salvage} the results kept for {@code owner}, which is gone. */
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
