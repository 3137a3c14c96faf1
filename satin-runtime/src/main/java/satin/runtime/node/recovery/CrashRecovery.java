package satin.runtime.node.recovery;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.contract.InvocationRecord;
import satin.runtime.node.membership.Change;
import satin.runtime.node.membership.Downing;
import satin.runtime.node.membership.MemberState;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.wire.Message;

/**
 * What one node does when another node is gone (see the {@link satin.runtime.fault} overview for the whole
 * algorithm): it forgets the dead node as a victim and a destination, gives up the steal requests it waits for, takes
 * back the jobs the dead node had stolen from here, announces the orphans it runs (jobs it stole from the dead node),
 * keeps their results when they end, and runs the taken-back jobs again once every live node has announced its
 * orphans, so that the re-execution knows which spawns to wait for rather than to run.
 *
 * <h2>The recovery round of one dead node</h2>
 * Every live node, on learning that node D is gone (the registry's died or left event, or a broken link to D),
 * sends ORPHANS(D, identities of the jobs from D it runs) to every other live node. A node releases the jobs it takes
 * back from D (requeues them in its runtime) once it has itself processed D's death and has ORPHANS(D) from every
 * other node that is alive, or after {@link #roundMillis} at most (a node that says nothing may be slow, or dying
 * too: the re-execution then just finds fewer results to reuse). Messages from one node arrive in the order it sent
 * them, so a node's SALVAGE messages sent before its ORPHANS arrive before the round can end. A job that D had
 * received from a relay (a node that passed on a job it had stolen itself) is handed back by that relay to the node it
 * came from, and on home ({@link #handedBack}): its owner takes it back with the jobs of its own round of D, where the
 * rule for requeued jobs keeps it out of the syncs of its own orphans ({@code RemoteStealing.takeBack} says why).
 *
 * <h2>The master's crash</h2>
 * The master is derived from the pool view ({@link PoolView#master}: the first live member by its ranking); every node
 * computes it from the losses it knows, so without false detections exactly one node takes over; at one node, the
 * death that makes it master is one step of the view, so exactly one report of a death sees that change. When the master is gone, its
 * round runs like any other (its thieves' orphans are announced and salvaged, the jobs it had stolen are taken back),
 * and once the round has ended at the new master, that node runs {@code main} again in lookup mode
 * ({@link Succession#takeOver}): the orphans' results, and the results thieves had sent to the old master, replace
 * their spawns; only what the old master computed itself is done again. If the new master dies too, the next one
 * takes over in the same way; so does the next one when the new master was leaving and left before its takeover
 * ({@link #departed}: a leaver holds nothing, so nothing else is recovered).
 *
 * <h2>Graceful leave</h2>
 * A node that leaves first holds nothing any more (see {@code SatinNode}), then sends LEAVING to every live node, after
 * its last RESULT to that node (messages from one node arrive in order). {@link #departed} then forgets it as a victim
 * and a destination without a recovery round: nothing it held is lost, nothing is run again.
 *
 * <h2>Threads</h2>
 * Called from the registry's event thread (deaths), the message upcall thread (ORPHANS, SALVAGE), and workers (a
 * finished orphan, a broken link, {@link #tick}). The bookkeeping is under this object's monitor; messages are sent
 * and records completed or requeued only after leaving it, so that no thread waits for another node's progress
 * while holding it (a send may wait for flow-control credit, which another node's upcall thread returns, and
 * that thread may need the same monitor on that node).
 */
public final class CrashRecovery {

    private static final Logger log = LoggerFactory.getLogger(CrashRecovery.class);

    private final int self;
    /** The pool as this node sees it: who is gone, who is the master (derived from the states, never stored here). */
    private final PoolView view;
    private final SalvagedResults salvaged;
    private final long roundMillis;
    private final Succession succession;
    /** The clock of round deadlines: {@link System#nanoTime} in a run, the simulated time in a seeded simulation. */
    private final LongSupplier nanoClock;
    /** The master this node takes over from once that master's round ends here, or -1. Guarded by this. */
    private int takeOverFrom = -1;
    /** When each orphan this node withdrew was withdrawn, by the count of {@link #withdrawals}. Guarded by this. */
    private final Map<Long, Long> withdrawnAt = new HashMap<>();
    /** How many orphans this node has withdrawn. Guarded by this. */
    private long withdrawals;
    /** The last master this node saw die, whose round a successor waits for; -1 while none died. Guarded by this. */
    private int lastDeadMaster = -1;
    private final Map<Integer, Round> rounds = new HashMap<>();
    private volatile StealingSide stealing;
    /** Whether any round exists: lets {@link #tick} skip the monitor in runs without crashes. */
    private volatile boolean anyRound;
    private volatile boolean stopped;
    private volatile java.util.function.IntFunction<String> names = n -> "#" + n;

    public final LongAdder salvagedHere = new LongAdder();
    /** The work of the results salvaged here (how long their jobs ran here). */
    public final LongAdder salvagedWorkNanos = new LongAdder();
    /** Of {@link #salvagedHere}, the jobs that still ran here when this node learned that their owner was gone. */
    public final LongAdder orphansHere = new LongAdder();
    /** The work of {@link #orphansHere}. */
    public final LongAdder orphanWorkNanos = new LongAdder();
    public final LongAdder requeued = new LongAdder();

    /** One dead node's recovery round at this node. */
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

    /** What this node does when it becomes the master. */
    @FunctionalInterface
    public interface Succession {
        /**
         * This node is the new master and the recovery round of {@code oldMaster} has ended here: run {@code main}
         * again (unless a live node saw the old master's DONE: {@code DoneInquiry}). Called once per takeover, on no
         * monitor; must not wait.
         */
        void takeOver(int oldMaster);
    }

    /**
     * @param view        the pool as this node sees it; deaths are reported to it here
     * @param roundMillis the longest a round waits for other nodes' announcements
     * @param succession  how this node takes over when it becomes the master
     */
    public CrashRecovery(int self, PoolView view, SalvagedResults salvaged, long roundMillis, Succession succession) {
        this(self, view, salvaged, roundMillis, succession, System::nanoTime);
    }

    /**
     * As {@link #CrashRecovery(int, PoolView, SalvagedResults, long, Succession)}, with the clock of the rounds'
     * deadlines ({@code nanoClock}, nanoseconds): the seeded simulation ({@code node.sim} in the tests) runs this
     * class on simulated time, so a schedule replays exactly.
     */
    public CrashRecovery(int self, PoolView view, SalvagedResults salvaged, long roundMillis, Succession succession,
            LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        this.self = self;
        this.view = view;
        this.salvaged = salvaged;
        this.roundMillis = roundMillis;
        this.succession = succession;
    }

    /**
     * How the logs name a node: its location (e.g. {@code node1@cluster0}), as the launcher labels its output
     * ({@code [node1]}). The node numbers are the registry's member order, which need not follow the launcher's
     * numbering (issue 29 item 11: "[node1] node 0: the master (node 1) died"). Set before the run starts.
     */
    public void names(java.util.function.IntFunction<String> locations) {
        this.names = locations;
    }

    private String name(int node) {
        return names.apply(node);
    }

    /** Completes construction: the stealing side exists only after this object. */
    public void attach(StealingSide remote) {
        this.stealing = remote;
    }

    /** The run is over here: later losses are only noted (nothing to recover, peers may be closed). */
    public void stop() {
        stopped = true;
    }

    /** Whether node {@code node} is gone: died, was declared dead, or left. */
    public boolean isDead(int node) {
        return view.isGone(node);
    }

    /** The node running {@code main} as far as this node knows (it changes when the master dies). */
    public int master() {
        return view.master();
    }

    /**
     * Node {@code node} left gracefully (its LEAVING message): it holds no job of this node and runs none, and every
     * result it computed for this node arrived before. Forgotten as a victim and a destination, with no recovery
     * round; idempotent. Should a job of this node still be with it (a protocol error), it is run again here.
     */
    public void departed(int node) {
        StealingSide remote = stealing;
        if (node == self || remote == null) {
            return;
        }
        Change change = view.left(node);
        if (!change.changed()) {
            return;
        }
        log.info("node {}: {} left the run gracefully", name(self), name(node));
        if (change.masterChanged() && change.masterAfter() == self && !stopped) {
            succeedDeparted(node);
        }
        remote.victimGone(node);
        List<InvocationRecord> held = remote.lostWith(node);
        if (!held.isEmpty()) {
            log.warn("node {}: {} left holding {} jobs of this node; running them again", name(self), name(node),
                    held.size());
            held.forEach(r -> requeueNow(r, node));
        }
    }

    /**
     * The member that left was the master here: a successor of a dead master that left before its round ended there
     * (a leaving node holds nothing, stops its recovery and goes; it had not run {@code main} again, or it would have
     * stayed). Nobody else runs {@code main} then, so this node, the next in line, takes over: once the round of the
     * master that died has ended here, as if that master had just died (a leaver holds nothing to recover).
     */
    private void succeedDeparted(int node) {
        log.warn("node {}: {}, the master after {}, left before it took over; {} takes over", name(self), name(node),
                lastDeadMaster < 0 ? "-" : name(lastDeadMaster), name(self));
        synchronized (this) {
            takeOverFrom = lastDeadMaster >= 0 ? lastDeadMaster : node;
            if (lastDeadMaster < 0) {
                Round r = round(node); // nothing to wait for: it held nothing
                r.expected = Set.of();
                r.lost = List.of();
            }
        }
        release();
    }

    /** A send to {@code peer} failed: the link is broken, the peer is treated as gone. */
    public void linkBroken(int peer, IOException cause) {
        if (!stopped) {
            log.warn("node {}: link to {} broken ({}): treating it as dead", name(self), name(peer),
                    cause.getMessage());
        }
        nodeGone(peer, new Observation.LinkBroken(String.valueOf(cause.getMessage())));
    }

    /**
     * Reports {@code observation} of node {@code node} to the view; when the view's downing rule makes it DEAD here
     * and now (once per node, whichever thread reports first), recovers. The view's {@link Change} says whether this
     * death made this node the master: the death and the new master are one step of the view, so two deaths on two
     * threads cannot leave the master pointing at a dead node (issue 30, MasterSuccessionRaceTest).
     */
    public void nodeGone(int node, Observation observation) {
        StealingSide remote = stealing;
        if (node == self || remote == null) {
            return;
        }
        Change change = view.observe(node, observation, Downing.ANY_OBSERVATION);
        if (change.after() != MemberState.DEAD || !change.changed() || stopped) {
            return;
        }
        String how = observation.describe();
        log.info("node {}: {} {}; recovering", name(self), name(node), how);
        if (change.masterChanged()) {
            log.warn("node {}: the master ({}) {}; {} succeeds it", name(self), name(change.masterBefore()), how,
                    name(change.masterAfter()));
            synchronized (this) {
                lastDeadMaster = change.masterBefore();
                if (change.masterAfter() == self) {
                    takeOverFrom = change.masterBefore();
                }
            }
        }
        remote.victimGone(node);
        long withdrawnBefore;
        synchronized (this) {
            withdrawnBefore = withdrawals;
        }
        List<InvocationRecord> lost = remote.lostWith(node, true);
        List<Long> orphans = remote.orphansOf(node);
        log.debug("node {}: {} held {} jobs of this node; {} jobs from it run here", name(self), name(node),
                lost.size(), orphans.size());
        for (long key : orphans) {
            salvaged.pending(key, self);
        }
        List<InvocationRecord> rerun = salvaged.holderGone(node);
        long[] keys = orphans.stream().mapToLong(Long::longValue).toArray();
        remote.salvageKept(node); // before ORPHANS: each peer has these results when its round ends
        java.util.Collection<Integer> known = view.victims();
        toLivePeers(known, "the orphans of node " + node,
                peer -> stealing.sendIfAlive(peer, new Message.Orphans(self, node, keys)));
        withdrawAgain(orphans, withdrawnBefore);
        rerun.forEach(r -> requeueNow(r, node));
        synchronized (this) {
            Round r = round(node);
            r.expected = Set.copyOf(known);
            r.lost = lost;
            r.deadlineNanos = nanoClock.getAsLong() + TimeUnit.MILLISECONDS.toNanos(roundMillis);
        }
        release();
    }

    /** ORPHANS from node {@code from}: it runs the jobs {@code keys} that came from {@code deadNode}. */
    public void onOrphans(int from, int deadNode, long[] keys) {
        for (long key : keys) {
            salvaged.pending(key, from);
        }
        synchronized (this) {
            round(deadNode).announced.add(from);
        }
        if (view.isGone(from)) {
            // The sender was declared dead here before its ORPHANS arrived (the registry's event, or a broken link,
            // can overtake a node's last messages): its holderGone ran before these entries existed, and a
            // re-execution would wait for them forever. A death is in the view before its holderGone runs, so either
            // that call or this one clears them.
            salvaged.holderGone(from).forEach(r -> requeueNow(r, from));
        }
        release();
    }

    /**
     * A job of this node that a relay had passed on to {@code deadThief} came back from that relay ({@code
     * RemoteStealing.sendHome}): it is taken back here like a job this node had handed to the dead node itself, once
     * this node's round of that death has ended (the relay's own round may end before it: the orphans announced to
     * this node are what its lookup needs). With {@code deadThief} -1, at once.
     */
    public void handedBack(InvocationRecord record, int deadThief) {
        boolean now;
        synchronized (this) {
            Round r = deadThief < 0 || stopped ? null : round(deadThief);
            now = r == null || r.released;
            if (!now) {
                r.handedBack.add(record);
            }
        }
        if (now) {
            requeueNow(record, deadThief);
        } else {
            release();
        }
    }

    /** Releases the rounds whose time is up; called by idle workers. */
    public void tick() {
        if (!anyRound) {
            return;
        }
        release();
    }

    /**
     * Ends the rounds that may end now: requeues their lost jobs and, when the round of the master this node takes
     * over from has ended, takes over. Called on no monitor.
     */
    private void release() {
        List<Lost> out;
        int from;
        synchronized (this) {
            out = releasable();
            from = takeOverFrom;
            Round r = from < 0 ? null : rounds.get(from);
            if (r == null || !r.released || stopped) {
                from = -1;
            } else {
                takeOverFrom = -1;
            }
        }
        out.forEach(l -> requeueNow(l.record, l.thief));
        if (from >= 0) {
            log.warn("node {}: takes over from the master ({}): runs main again, reusing salvaged results, "
                    + "unless a live node saw its DONE", name(self), name(from));
            succession.takeOver(from);
        }
    }

    /** A job lost with node {@code thief}, to take back. */
    private record Lost(InvocationRecord record, int thief) {
    }

    /** The lost jobs of every round that may end now, which are marked released. Holds the monitor. */
    private List<Lost> releasable() {
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
        anyRound = true;
        return rounds.computeIfAbsent(node, k -> new Round());
    }

    /**
     * Runs a job lost with {@code thief} (-1: not known) again here, unless its own result is salvaged or an orphan
     * still computes it, or hands it back to the node it came from when this node had relayed it
     * ({@link StealingSide#takeBack}); counted as requeued where it is taken back.
     */
    public void requeueNow(InvocationRecord record, int thief) {
        if (stealing.takeBack(record, thief)) {
            requeued.increment();
        }
    }

    /**
     * A job that ran here for a node now gone has its outcome: keeps it and sends it to every live node.
     *
     * @param ended true: the job ended after this node knew its owner gone (an orphan proper); false: its result had
     *              been sent to the owner before (the job that used it may be lost with the owner, or may have ended)
     */
    public void salvage(long key, SalvagedResults.Outcome outcome, boolean ended) {
        salvagedHere.increment();
        salvagedWorkNanos.add(outcome.workNanos());
        if (ended) {
            orphansHere.increment();
            orphanWorkNanos.add(outcome.workNanos());
        }
        stored(key, outcome);
        toLivePeers(view.victims(), "a salvaged result", peer -> stealing.sendSalvaged(peer, key, outcome));
    }

    /** An orphan's outcome is known: keeps it, and completes the re-executed spawns that waited for it. */
    public void stored(long key, SalvagedResults.Outcome outcome) {
        for (InvocationRecord waiting : salvaged.store(key, outcome)) {
            stealing.completeSalvaged(waiting, outcome.result(), outcome.failure());
        }
    }

    /**
     * Node {@code holder} will not deliver the orphan {@code key} (its result cannot travel, or it gave up its copy):
     * when nobody else computes it, the re-executed spawns that waited for it run here after all.
     */
    public void unsalvageable(long key, int holder) {
        salvaged.abandon(key, holder).forEach(r -> requeueNow(r, -1));
    }

    /**
     * This node gives up an orphan it had announced as computed here ({@link StealingSide#takeBack}): every live
     * node, and this one, forgets this node as its holder (SALVAGE with failure class RERUN, as for a result that
     * cannot travel), so nothing waits for it here in vain.
     */
    public void withdraw(long key) {
        synchronized (this) {
            withdrawnAt.put(key, ++withdrawals);
        }
        sendWithdrawal(key);
    }

    /** Tells every live peer that orphan {@code key} will not come, and forgets it here. */
    private void sendWithdrawal(long key) {
        toLivePeers(view.victims(), "an orphan's withdrawal", peer -> stealing.sendWithdrawn(peer, key));
        unsalvageable(key, self);
    }

    /**
     * Withdraws once more the orphans of {@code announced} that were withdrawn after {@code before} (the count of
     * withdrawals when their list was taken). Another death's round, on another thread or nested in a send that found
     * a link broken, can withdraw an orphan between the moment a round lists it and the moment its ORPHANS goes: the
     * withdrawal then reaches the peers first and the announcement after it, and a re-execution waits for an orphan
     * nobody computes. Messages from one node arrive in order, so a withdrawal sent after the ORPHANS clears it
     * everywhere.
     */
    private void withdrawAgain(List<Long> announced, long before) {
        List<Long> again = new ArrayList<>();
        synchronized (this) {
            for (long key : announced) {
                Long at = withdrawnAt.get(key);
                if (at != null && at > before) {
                    again.add(key);
                }
            }
        }
        again.forEach(this::sendWithdrawal);
    }

    /** A send to one peer. */
    private interface PeerSend {
        void to(int peer) throws IOException;
    }

    /**
     * Sends {@code what} to every member of {@code known} but this node and the dead; a send that fails is logged and
     * the others still go (a peer that dies meanwhile gets its own round).
     */
    private void toLivePeers(Iterable<Integer> known, String what, PeerSend send) {
        for (int peer : known) {
            if (peer != self && !view.isGone(peer)) {
                try {
                    send.to(peer);
                } catch (IOException e) {
                    log.warn("node {}: cannot send {} to {}: {}", name(self), what, name(peer), e.getMessage());
                }
            }
        }
    }
}
