package satin.runtime.node.recovery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import satin.contract.InvocationRecord;
import satin.runtime.spawn.SalvagedLookup;

/**
 * The results of orphan jobs (jobs whose owner died) kept under the job's identity, a 64-bit
 * {@link ArgumentDigest}, so that the re-execution of the dead owner's lost work can use them instead of running
 * them again (see the package overview).
 *
 * <p>An entry is either <em>pending</em> (one or more nodes, its holders, still run the orphan and will announce its
 * outcome) or <em>stored</em> (the outcome is here). Several copies of one job occur when it went round a relay loop
 * through the dead node (A &rarr; dead &rarr; B, and dead &rarr; A again): any of them may deliver, and the entry is
 * forgotten only when every copy's holder is gone or has withdrawn it ({@link #holderGone}, {@link #abandon}); with
 * one holder per entry, a withdrawn copy made the lookup run a job that another node finished 300 ms later (traced in
 * issue 11). A re-execution that reaches a spawn with the entry's key {@linkplain #claim claims} it: a stored outcome completes the spawn at once; a pending one makes the spawn's record
 * wait, like a stolen record, until the outcome arrives ({@link #store} returns it for completion) or every holder
 * dies or withdraws ({@link #holderGone} returns it to be run here after all) or the waiting worker takes it back
 * ({@link #reclaim}). Each waiting record is handed out by exactly one of these three calls, under the table's lock, so its result reaches its {@code sync()} once.
 *
 * <p>Only recovery uses the table: one volatile read ({@link #active}) per spawn of a re-execution, a lock per
 * claim; nothing on the fault-free path. Entries are kept for the rest of the run (equal calls return equal
 * results, so a later claim of the same key may use them too), but count as unclaimed only until first claimed:
 * while no entry is unclaimed, re-executions stop looking up.
 */
public final class SalvagedResults implements SalvagedLookup {

    /** What a job produced: its boxed result or its exception, and how long it ran where it ran. */
    public record Outcome(Object result, Throwable failure, long workNanos) implements Known {
    }

    private static final class Entry {
        Outcome outcome;
        /**
         * The nodes computing it while pending, once per copy announced (a node can hold two copies of a job that
         * went round a relay loop, and withdraw one); empty once stored.
         */
        final List<Integer> holders = new ArrayList<>(2);
        List<InvocationRecord> waiting;
        boolean claimed;
        /** Announced as pending: an orphan proper, still running when its owner was found dead. */
        boolean announced;
    }

    private final Map<Long, Entry> entries = new HashMap<>();
    private final boolean reuse;
    private final AtomicInteger unclaimed = new AtomicInteger();
    private final LongAdder stored = new LongAdder();
    private final LongAdder reused = new LongAdder();
    private final LongAdder reusedWorkNanos = new LongAdder();
    private final LongAdder waited = new LongAdder();
    /**
     * Identities a re-execution here looked up and did not find (it ran them), for {@link #lateWorkNanos} only, the
     * {@value #MISSED_KEPT} most recent: every spawn of a re-execution in lookup mode that finds nothing adds one, so
     * without a bound it grew with the re-executed work. A late result arrives while its orphan's node finishes it
     * (within the recovery, seconds), and the oldest misses are those least likely to see one; a miss dropped makes
     * {@code late-ms} an undercount, never wrong otherwise. About 100 bytes per key: a few megabytes at most.
     */
    private final java.util.LinkedHashSet<Long> missed = new java.util.LinkedHashSet<>();
    static final int MISSED_KEPT = 1 << 15;
    private final LongAdder lateWorkNanos = new LongAdder();
    private final LongAdder reusedOrphanWorkNanos = new LongAdder();

    /** A table whose results re-executions use. */
    public SalvagedResults() {
        this(true);
    }

    /**
     * @param reuse false: results are still kept and counted, but re-executions never look them up (to measure what
     *              reuse saves)
     */
    public SalvagedResults(boolean reuse) {
        this.reuse = reuse;
    }

    /** Whether re-executions use the results (false: kept and counted only). */
    @Override
    public boolean reuses() {
        return reuse;
    }

    /** The identity of a call: its {@link ArgumentDigest}. */
    @Override
    public long identity(InvocationRecord record) {
        return ArgumentDigest.of(record);
    }

    /** Whether some entry was never claimed: re-executions look up their spawns only then. */
    @Override
    public boolean active() {
        return reuse && unclaimed.get() > 0;
    }

    /**
     * Node {@code holder} runs (a copy of) the orphan {@code key}: a new pending entry, or one more copy of a pending
     * one; ignored when its outcome is stored.
     */
    public synchronized void pending(long key, int holder) {
        Entry e = entries.get(key);
        if (e == null) {
            e = new Entry();
            e.announced = true;
            entries.put(key, e);
            unclaimed.incrementAndGet();
        }
        if (e.outcome == null) {
            e.holders.add(holder);
        }
    }

    /**
     * Stores an orphan's outcome. Returns the records that waited for it (the caller completes each with the
     * outcome), empty when none did or when an outcome was stored before (then this one is dropped).
     */
    public synchronized List<InvocationRecord> store(long key, Outcome outcome) {
        Entry e = entries.get(key);
        if (e == null) {
            e = new Entry();
            entries.put(key, e);
            unclaimed.incrementAndGet();
        } else if (e.outcome != null) {
            return List.of();
        }
        if (missed.remove(key)) {
            lateWorkNanos.add(outcome.workNanos()); // a re-execution here needed it, found nothing and ran it
        }
        e.outcome = outcome;
        e.holders.clear();
        stored.increment();
        List<InvocationRecord> out = e.waiting == null ? List.of() : e.waiting;
        e.waiting = null;
        if (!out.isEmpty()) {
            reusedWorkNanos.add(outcome.workNanos() * out.size());
            if (e.announced) {
                reusedOrphanWorkNanos.add(outcome.workNanos() * out.size());
            }
        }
        return out;
    }

    /**
     * A re-execution reached a spawn with identity {@code key} and record {@code record}: returns the stored
     * {@link Outcome}; or {@link #PENDING} when the orphan still runs elsewhere (the record is completed later through
     * {@link #store} or {@link #holderGone}); or null when nothing is known (run it).
     */
    @Override
    public synchronized Known claim(long key, InvocationRecord record) {
        Entry e = entries.get(key);
        if (e == null) {
            if (missed.add(key) && missed.size() > MISSED_KEPT) {
                missed.remove(missed.iterator().next()); // the oldest
            }
            return null;
        }
        if (!e.claimed) {
            e.claimed = true;
            unclaimed.decrementAndGet();
        }
        reused.increment();
        if (e.outcome != null) {
            reusedWorkNanos.add(e.outcome.workNanos());
            if (e.announced) {
                reusedOrphanWorkNanos.add(e.outcome.workNanos());
            }
            return e.outcome;
        }
        if (e.waiting == null) {
            e.waiting = new ArrayList<>(1);
        }
        e.waiting.add(record);
        waited.increment();
        return PENDING;
    }

    /**
     * Takes back a record that waits for {@code key} (its sync's worker runs it itself). Returns false when the
     * record no longer waits: the outcome arrived, or the holder died, and the record was handed out there.
     */
    @Override
    public synchronized boolean reclaim(long key, InvocationRecord record) {
        Entry e = entries.get(key);
        if (e == null || e.waiting == null) {
            return false;
        }
        for (int i = 0; i < e.waiting.size(); i++) {
            if (e.waiting.get(i) == record) {
                e.waiting.remove(i);
                reused.decrement();
                waited.decrement();
                return true;
            }
        }
        return false;
    }

    /**
     * Node {@code holder} died with the orphans it was running: it holds none of them any more; the entries nobody else
     * holds are forgotten, and the records that waited for them are returned (the caller runs them after all).
     */
    public synchronized List<InvocationRecord> holderGone(int holder) {
        List<InvocationRecord> rerun = new ArrayList<>();
        entries.values().removeIf(e -> e.outcome == null && e.holders.removeIf(h -> h == holder)
                && e.holders.isEmpty() && forget(e, rerun));
        return rerun;
    }

    /**
     * Node {@code holder} will not deliver the pending entry {@code key} (its result cannot be sent, or it gave up its
     * copy of the job): one copy fewer; when no copy is left, the entry is forgotten, and the records that waited for it are
     * returned (the caller runs them after all).
     */
    public synchronized List<InvocationRecord> abandon(long key, int holder) {
        Entry e = entries.get(key);
        if (e == null || e.outcome != null || !e.holders.remove(Integer.valueOf(holder)) || !e.holders.isEmpty()) {
            return List.of();
        }
        entries.remove(key);
        List<InvocationRecord> rerun = new ArrayList<>();
        forget(e, rerun);
        return rerun;
    }

    /** An entry leaves the table unstored: its waiting records go to {@code rerun}. Always true (for removeIf). */
    private boolean forget(Entry e, List<InvocationRecord> rerun) {
        if (!e.claimed) {
            unclaimed.decrementAndGet();
        }
        if (e.waiting != null) {
            rerun.addAll(e.waiting);
            reused.add(-e.waiting.size());
            waited.add(-e.waiting.size());
        }
        return true;
    }

    /** Outcomes stored (salvaged orphan results known here). */
    public long stored() {
        return stored.sum();
    }

    /** Spawns of re-executions that used a salvaged result instead of running (waited-for ones included). */
    public long reused() {
        return reused.sum();
    }

    /** The run time those results had taken where they were computed. */
    public long reusedWorkNanos() {
        return reusedWorkNanos.sum();
    }

    /**
     * The work of salvaged results that came too late: a re-execution here had looked their identity up, found
     * nothing and run the call itself, before the outcome was stored. With {@link #reusedWorkNanos}, the orphans'
     * work that the re-executions here needed: reused, or done again because it was not known yet. (Results of jobs
     * their dead owner had finished are in neither: no re-execution asks for them.)
     */
    public long lateWorkNanos() {
        return lateWorkNanos.sum();
    }

    /**
     * Of {@link #reusedWorkNanos}, the work of orphans proper: jobs announced as still running when their owner was
     * found dead (not results their owner had received before it died).
     */
    public long reusedOrphanWorkNanos() {
        return reusedOrphanWorkNanos.sum();
    }

    /** Spawns of re-executions that waited for an orphan still running elsewhere. */
    public long waited() {
        return waited.sum();
    }
}
