package satin.runtime.node.recovery;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.contract.InvocationRecord;
import satin.runtime.node.loop.Confinement;
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
 * other node that is alive, or after the round's deadline at most ({@link Rounds} keeps that rule; a node that says
 * nothing may be slow, or dying too: the re-execution then just finds fewer results to reuse). Messages from one node
 * arrive in the order it sent them, so a node's SALVAGE messages sent before its ORPHANS arrive before the round can
 * end. An idle node may steal a released job: a thief holds a re-execution it receives until its own rounds that the
 * sender had announced in have ended ({@link #holdReExecution}). The sender's rule covers only the ORPHANS that
 * reached the sender; another node's ORPHANS(D) reach the thief by another link, possibly after the job, and without
 * them the thief would run that node's orphans again. The sender's ORPHANS(D) came on the job's link before it, so
 * the thief knows D's round, and that round's end there has every live node's ORPHANS(D) too (a hold, like a round,
 * lasts one round's time at most: the thief may never learn of D's death, after a false detection). A job that D had
 * received from a relay (a node that passed on a job it had stolen itself) is handed back by that relay to the node it
 * came from, and on home ({@link #handedBack}): its owner takes it back with the jobs of its own round of D, where the
 * rule for requeued jobs keeps it out of the syncs of its own orphans ({@code RemoteStealing.takeBack} says why).
 *
 * <h2>The master's crash</h2>
 * The master is derived from the pool view ({@link PoolView#master}: the first live member by its ranking); every node
 * computes it from the losses it knows, so without false detections exactly one node takes over; at one node, the
 * death that makes it master is one step of the view, so exactly one report of a death sees that change. When the
 * master is gone, its round runs like any other (its thieves' orphans are announced and salvaged, the jobs it had
 * stolen are taken back), and once the round has ended at the new master, that node runs {@code main} again in
 * lookup mode ({@link Succession#takeOver}): the orphans' results, and the results thieves had sent to the old master,
 * replace their spawns; only what the old master computed itself is done again. If the new master dies too, the next
 * one takes over in the same way; so does the next one when the new master was leaving and left before its takeover
 * ({@link #departed}: a leaver holds nothing, so nothing else is recovered).
 *
 * <h2>Graceful leave</h2>
 * A node that leaves first holds nothing any more (see {@code SatinNode}), then sends LEAVING to every live node, after
 * its last RESULT to that node (messages from one node arrive in order). {@link #departed} then forgets it as a victim
 * and a destination without a recovery round: nothing it held is lost, nothing is run again.
 *
 * <h2>Threads</h2>
 * In a node, every step of recovery runs on the node's protocol loop ({@link Confinement}; asserted at each entry): a
 * death or a leave, ORPHANS, SALVAGE, a round's end. What arises on another thread is posted to it: a send that
 * failed on a worker ({@link #linkBroken}), a worker's orphan that ended ({@link #salvage}), an idle worker's
 * {@link #tick} (at most one queued). So the rounds, the succession and the withdrawals have one writer, and a step
 * sees every earlier step's writes (the loop's ordering). {@link Rounds}', {@link Withdrawals}' and this object's
 * monitors remain for the callers that drive this class directly from several threads ({@link Confinement#CALLER}:
 * unit tests); they are held for map operations only, never one inside the other, never across a send. A send only
 * queues (one writer per peer), so no step waits for another node's progress.
 */
public final class CrashRecovery {

    private static final Logger log = LoggerFactory.getLogger(CrashRecovery.class);

    private final int self;
    /** The pool as this node sees it: who is gone, who is the master (derived from the states, never stored here). */
    private final PoolView view;
    private final SalvagedResults salvaged;
    private final Succession succession;
    /** The rounds of the dead nodes here: when each may end, and what it takes back then. */
    private final Rounds rounds;
    /** Where deaths are handled: the node's protocol loop ({@link Confinement#CALLER} in the simulation and tests). */
    private final Confinement loop;
    /** Whether a worker's {@link #tick} is queued on the loop already. */
    private final AtomicBoolean tickPosted = new AtomicBoolean();
    /** The master this node takes over from once that master's round ends here, or -1. Guarded by this. */
    private int takeOverFrom = -1;
    /** The orphans this node withdrew, and when. */
    private final Withdrawals withdrawn = new Withdrawals();
    /** The last master this node saw die, whose round a successor waits for; -1 while none died. Guarded by this. */
    private int lastDeadMaster = -1;
    private volatile StealingSide stealing;
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
        this(self, view, salvaged, roundMillis, succession, nanoClock, Confinement.CALLER);
    }

    /**
     * As above, with the owner of this node's protocol state ({@code loop}: the node's protocol loop): a loss reported
     * on another thread (a send that failed on a worker) is posted to it, and every step of a death runs on it.
     */
    public CrashRecovery(int self, PoolView view, SalvagedResults salvaged, long roundMillis, Succession succession,
            LongSupplier nanoClock, Confinement loop) {
        this.self = self;
        this.loop = loop;
        this.view = view;
        this.salvaged = salvaged;
        this.rounds = new Rounds(self, view, roundMillis, nanoClock);
        this.succession = succession;
    }

    /**
     * How the logs name a node: its location (e.g. {@code node1@cluster0}), as the launcher labels its output, not
     * its number (the registry's member order, which need not follow the launcher's). Set before the run starts.
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
        assert loop.owns("a leave handled");
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
        boolean noDeadMaster;
        synchronized (this) {
            noDeadMaster = lastDeadMaster < 0;
            takeOverFrom = noDeadMaster ? node : lastDeadMaster;
        }
        if (noDeadMaster) {
            rounds.beginEmpty(node); // nothing to wait for: it held nothing
        }
        release();
    }

    /** A send to {@code peer} failed: the link is broken, the peer is treated as gone. */
    public void linkBroken(int peer, IOException cause) {
        loop.runOrPost(() -> {
            if (!stopped) {
                log.warn("node {}: link to {} broken ({}): treating it as dead", name(self), name(peer),
                        cause.getMessage());
            }
            nodeGone(peer, new Observation.LinkBroken(String.valueOf(cause.getMessage())));
        });
    }

    /**
     * Reports {@code observation} of node {@code node} to the view; when the view's downing rule makes it DEAD here
     * and now (once per node, whichever thread reports first), recovers. The view's {@link Change} says whether this
     * death made this node the master: the death and the new master are one step of the view, so two deaths on two
     * threads cannot leave the master pointing at a dead node (issue 30, MasterSuccessionRaceTest).
     */
    public void nodeGone(int node, Observation observation) {
        assert loop.owns("a death handled");
        StealingSide remote = stealing;
        if (node == self || remote == null) {
            return;
        }
        Change change = view.observe(node, observation, Downing.FAULT_TOLERANT);
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
        long withdrawnBefore = withdrawn.count();
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
        rounds.begin(node, known, lost);
        release();
    }

    /**
     * A job of node {@code deadNode}, which this node has processed as dead, arrived here after that (its
     * STEAL_REPLY was on its way when the death was learnt, by another path that overtook it): an orphan that the
     * announcement of the death did not list. Announced now, alone, so that the re-execution of the dead node's lost
     * work waits for its result instead of running it again; when that re-execution reached the spawn already, the
     * result is still salvaged and counted late. A loop step.
     */
    public void lateOrphan(int deadNode, long key) {
        assert loop.owns("a late orphan announced");
        if (stopped || view.state(deadNode) != MemberState.DEAD) {
            return;
        }
        log.debug("node {}: a job from {} arrived after its death: announced as its orphan", name(self),
                name(deadNode));
        salvaged.pending(key, self);
        long[] keys = {key};
        toLivePeers(view.victims(), "a late orphan of node " + deadNode,
                peer -> stealing.sendIfAlive(peer, new Message.Orphans(self, deadNode, keys)));
    }

    /** ORPHANS from node {@code from}: it runs the jobs {@code keys} that came from {@code deadNode}. */
    public void onOrphans(int from, int deadNode, long[] keys) {
        assert loop.owns("ORPHANS handled");
        for (long key : keys) {
            salvaged.pending(key, from);
        }
        rounds.announced(deadNode, from);
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
        assert loop.owns("a job handed back");
        if (stopped || !rounds.holdForRound(record, deadThief)) {
            requeueNow(record, deadThief);
        } else {
            release();
        }
    }

    /**
     * A re-execution arrived from {@code sender}: true when it is held until the rounds that sender had announced in
     * end here too ({@link Rounds#holdArrival}; "The recovery round of one dead node" says why), then handed to the
     * workers ({@link StealingSide#arrived}); false: the caller queues it now.
     */
    public boolean holdReExecution(InvocationRecord job, int sender) {
        assert loop.owns("a re-execution held");
        if (stopped || !rounds.holdArrival(job, sender)) {
            return false;
        }
        log.debug("node {}: holds a re-execution from {} until the rounds {} announced in end here", name(self),
                name(sender), name(sender));
        return true;
    }

    /**
     * Releases the rounds whose time is up; called by idle workers, which only post it (at most one such step is
     * queued at a time, however many workers ask).
     */
    public void tick() {
        if (!rounds.any() || !tickPosted.compareAndSet(false, true)) {
            return;
        }
        loop.runOrPost(() -> {
            tickPosted.set(false);
            release();
        });
    }

    /**
     * Ends the rounds that may end now: requeues their lost jobs, hands the re-executions held for them to the
     * workers and, when the round of the master this node takes over from has ended, takes over. On no monitor.
     */
    private void release() {
        assert loop.owns("a round released");
        List<Rounds.Lost> out = rounds.release();
        int from;
        synchronized (this) {
            from = takeOverFrom;
        }
        if (from >= 0 && !stopped && rounds.released(from)) {
            synchronized (this) { // claimed once: the round's end and the claim may come from two threads
                if (takeOverFrom == from) {
                    takeOverFrom = -1;
                } else {
                    from = -1;
                }
            }
        } else {
            from = -1;
        }
        out.forEach(l -> requeueNow(l.record(), l.thief()));
        rounds.arrivals().forEach(stealing::arrived);
        if (from >= 0) {
            log.warn("node {}: takes over from the master ({}): runs main again, reusing salvaged results, "
                    + "unless a live node saw its DONE", name(self), name(from));
            succession.takeOver(from);
        }
    }

    /**
     * Runs a job lost with {@code thief} (-1: not known) again here, unless its own result is salvaged or an orphan
     * still computes it, or hands it back to the node it came from when this node had relayed it
     * ({@link StealingSide#takeBack}); counted as requeued where it is taken back.
     */
    public void requeueNow(InvocationRecord record, int thief) {
        assert loop.owns("a job taken back");
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
        loop.runOrPost(() -> salvageOnLoop(key, outcome, ended));
    }

    private void salvageOnLoop(long key, SalvagedResults.Outcome outcome, boolean ended) {
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
        assert loop.owns("a salvaged result stored");
        for (InvocationRecord waiting : salvaged.store(key, outcome)) {
            stealing.completeSalvaged(waiting, outcome.result(), outcome.failure());
        }
    }

    /**
     * Node {@code holder} will not deliver the orphan {@code key} (its result cannot travel, or it gave up its copy):
     * when nobody else computes it, the re-executed spawns that waited for it run here after all.
     */
    public void unsalvageable(long key, int holder) {
        assert loop.owns("an orphan given up");
        salvaged.abandon(key, holder).forEach(r -> requeueNow(r, -1));
    }

    /**
     * This node gives up an orphan it had announced as computed here ({@link StealingSide#takeBack}): every live
     * node, and this one, forgets this node as its holder (SALVAGE with failure class RERUN, as for a result that
     * cannot travel), so nothing waits for it here in vain.
     */
    public void withdraw(long key) {
        assert loop.owns("an orphan withdrawn");
        withdrawn.note(key);
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
        withdrawn.since(announced, before).forEach(this::sendWithdrawal);
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
