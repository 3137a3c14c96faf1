package satin.runtime.node.recovery;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import satin.contract.InvocationRecord;
import satin.runtime.node.membership.PoolView;

/**
 * The recovery rounds at one node, one per dead node: who has announced its orphans, which jobs of this node the dead
 * node held (and which came back from relays), and the one rule of when a round ends: once this node has itself
 * processed the death and every member known at that moment has announced its orphans or is gone too, or once the
 * round's deadline has passed. {@link CrashRecovery} says why the rule is what it is; this class only keeps it.
 * The same rule gates re-executions that arrive from other nodes ({@link #holdArrival}): such a job waits here until
 * the rounds its sender had announced in have ended here too.
 *
 * <p>Threads: any; everything is under this object's monitor, which is held for bookkeeping only (no send, no
 * requeue, no call out of this class but the pool view's reads) and never taken while {@link CrashRecovery}'s own
 * monitor is held, so the two never nest.
 */
final class Rounds {

    /** A job lost with node {@code thief}, to take back now that the round of {@code thief} has ended. */
    record Lost(InvocationRecord record, int thief) {
    }

    /** One dead node's round. */
    private static final class Round {
        final Set<Integer> announced = new HashSet<>();
        /** The members that were known when the round began: a node that joined later knows nothing to announce. */
        Set<Integer> expected;
        /** The jobs of this node the dead node held; null until this node itself has processed the death. */
        List<InvocationRecord> lost;
        /** Jobs of this node that a relay handed back because it had passed them on to the dead node. */
        final List<InvocationRecord> handedBack = new ArrayList<>();
        long deadlineNanos;
        boolean released;
    }

    private final int self;
    private final PoolView view;
    private final long roundNanos;
    private final LongSupplier nanoClock;
    private final Map<Integer, Round> rounds = new HashMap<>();

    /** A re-execution that arrived here, held until {@code rounds} have ended here or until {@code deadlineNanos}. */
    private record Held(InvocationRecord job, Set<Integer> rounds, long deadlineNanos) {
    }

    /** The re-executions held, in their arrival order. */
    private final List<Held> held = new ArrayList<>();
    /** Whether any round exists: lets idle workers skip the monitor in runs without crashes. */
    private volatile boolean any;

    /**
     * @param roundMillis the longest a round waits for the other nodes' announcements
     * @param nanoClock   the clock of the deadlines (simulated time in the seeded simulation)
     */
    Rounds(int self, PoolView view, long roundMillis, LongSupplier nanoClock) {
        this.self = self;
        this.view = view;
        this.roundNanos = TimeUnit.MILLISECONDS.toNanos(roundMillis);
        this.nanoClock = nanoClock;
    }

    /** Whether any round was ever begun or announced. */
    boolean any() {
        return any;
    }

    /**
     * This node has processed the death of {@code dead}: {@code lost} are the jobs of this node it held, {@code known}
     * the members that may announce orphans of it; the deadline starts now.
     */
    synchronized void begin(int dead, Collection<Integer> known, List<InvocationRecord> lost) {
        Round r = round(dead);
        r.expected = Set.copyOf(known);
        r.lost = lost;
        r.deadlineNanos = nanoClock.getAsLong() + roundNanos;
    }

    /** A round with nothing to wait for and nothing to take back (a leaver that held nothing): ends at once. */
    synchronized void beginEmpty(int gone) {
        Round r = round(gone);
        r.expected = Set.of();
        r.lost = List.of();
    }

    /** Node {@code from} announced its orphans of {@code dead} (its ORPHANS may come before this node's own begin). */
    synchronized void announced(int dead, int from) {
        round(dead).announced.add(from);
    }

    /**
     * A job of this node came back from a relay that had passed it on to {@code deadThief}: kept for the end of that
     * round; false when that round has ended here already (or {@code deadThief} is -1), and the caller takes it back
     * now.
     */
    synchronized boolean holdForRound(InvocationRecord record, int deadThief) {
        Round r = deadThief < 0 ? null : round(deadThief);
        if (r == null || r.released) {
            return false;
        }
        r.handedBack.add(record);
        return true;
    }

    /**
     * A re-execution of lost work arrived from {@code sender}: held when a round that sender had announced in (its
     * ORPHANS came here before this job, on the same link) has not ended here yet, until it has, or for one round's
     * time at most (this node may not learn of that death at all: a false detection at the sender); false when no
     * such round is open, and the caller queues the job now.
     */
    synchronized boolean holdArrival(InvocationRecord job, int sender) {
        Set<Integer> open = new HashSet<>();
        for (Map.Entry<Integer, Round> e : rounds.entrySet()) {
            if (!e.getValue().released && e.getValue().announced.contains(sender)) {
                open.add(e.getKey());
            }
        }
        if (open.isEmpty()) {
            return false;
        }
        held.add(new Held(job, open, nanoClock.getAsLong() + roundNanos));
        return true;
    }

    /** Removes and returns the held re-executions whose rounds have all ended here, or whose time is up. */
    synchronized List<InvocationRecord> arrivals() {
        if (held.isEmpty()) {
            return List.of();
        }
        long now = nanoClock.getAsLong();
        List<InvocationRecord> out = new ArrayList<>();
        held.removeIf(h -> {
            boolean free = now - h.deadlineNanos() > 0 || h.rounds().stream().allMatch(d -> rounds.get(d).released);
            if (free) {
                out.add(h.job());
            }
            return free;
        });
        return out;
    }

    /** Whether the round of {@code dead} has ended here. */
    synchronized boolean released(int dead) {
        Round r = rounds.get(dead);
        return r != null && r.released;
    }

    /** Ends every round that may end now and returns the jobs to take back: their lost and handed-back jobs. */
    synchronized List<Lost> release() {
        List<Lost> out = new ArrayList<>();
        long now = nanoClock.getAsLong();
        for (Map.Entry<Integer, Round> e : rounds.entrySet()) {
            Round r = e.getValue();
            if (r.released || r.lost == null) {
                continue;
            }
            boolean all = true;
            for (int peer : r.expected) {
                all &= peer == self || view.isGone(peer) || r.announced.contains(peer);
            }
            if (all || now - r.deadlineNanos > 0) {
                r.released = true;
                for (List<InvocationRecord> jobs : List.of(r.lost, r.handedBack)) {
                    jobs.forEach(job -> out.add(new Lost(job, e.getKey())));
                }
                r.lost = List.of();
                r.handedBack.clear();
            }
        }
        return out;
    }

    private Round round(int node) {
        any = true;
        return rounds.computeIfAbsent(node, k -> new Round());
    }
}
