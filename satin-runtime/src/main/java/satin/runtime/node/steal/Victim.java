package satin.runtime.node.steal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import satin.balance.StealMode;
import satin.contract.InvocationRecord;
import satin.ipl.UnregisteredClassException;
import satin.runtime.node.loop.Confinement;
import satin.runtime.node.shared.SharedReferences;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.wire.ShippedJob;
import satin.runtime.spawn.LocalWork;
import satin.runtime.spawn.WorkerPool;

/**
 * The victim side of stealing between nodes: giving jobs to thieves, taking their results back, and the jobs a lost
 * thief held.
 *
 * <h2>Giving</h2>
 * A steal request takes the oldest queued job of some worker ({@link WorkerPool#stealForExport}), exports it under a
 * fresh job id (the ledger: whoever claims the export owns the job) and ships it as an already-decided
 * {@link ShippedJob}; a returning RESULT claims it and completes it ({@link WorkerPool#completeExported}), waking the
 * owner's sync. A job whose classes cannot be serialized (not in the registration list) runs on this node instead
 * ({@link UnshippableJobs}); so does a job whose result could not be sent back by its thief. When no worker has a
 * queued job, a thief gets the oldest job that arrived here in an asynchronous steal reply and has not started
 * ({@link #relayArrived}): as in the paper's CRS, a job from an asynchronous reply is in the node's work queue, not
 * hidden until this node's workers run out of work. A job from a synchronous reply is not relayed: the worker that
 * asked for it is waiting for it.
 *
 * <h2>Abort</h2>
 * When an owner aborts a job it exported ({@link #abort}), an ABORT message goes to the thief, which cancels the job
 * there ({@link WorkerPool#abortForeign}); what that job spawned and exported further is cancelled by its own
 * unwinding, so the abort travels on from node to node. An ABORT may overtake the steal reply that carried the job
 * (they are sent by different threads): the thief then remembers it (the ledger's early aborts, bounded) and cancels
 * the job on arrival. A job found aborted after its steal request took it is not shipped. Every exported job still
 * ends with a RESULT ({@link Outcome.Aborted} when it stopped), so the owner's bookkeeping always clears.
 *
 * <p>In a node, {@link #onAbort} and the STEAL_REPLY handler are steps of the node's protocol loop: the ABORT is read
 * on the transport's thread as soon as it arrives and posted, so it may overtake a STEAL_REPLY still waiting for the
 * upcall thread, and whichever of the two steps comes second sees what the first did: the ledger they both decide
 * on is the loop's (see {@link StealLedger}). The cancel itself (mark the record aborted, then raise the workers'
 * signals) is the same from any thread. Overtaking the owner's other messages is harmless: the one that meets the
 * aborted job is a RESULT for one of its descendants that this node exported to the owner ({@link #onResult}), which
 * then completes a record that is aborted already and that a sync neither waits for nor delivers, exactly as when a
 * third node's RESULT meets an abort on the wire; shared-object updates, steal requests and the end of the run do not
 * touch the job.
 *
 * <h2>Late answers (WAN emulation only)</h2>
 * With an answer delay (set by {@link #emulate} before the run; none by default), a synchronous steal request from
 * another cluster is read and finished like any other, then handed to this node's one late-answer timer thread, which
 * only times it: after the delay it posts the answer to the protocol loop ({@link #confine}), which takes a job then (or
 * finds none) and sends the reply, exactly as for every other request. So no step waits, and the victim's state at the
 * answer is the state after the delay, as in the simulator, where the delay is added to the request's arrival. A
 * request held when the node ends ({@link #closeLateAnswers}) is dropped: its thief ends with the run too. Not a
 * protocol change: the thief sees a slower victim, nothing else.
 */
public final class Victim {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Victim.class);

    /** How long a victim holds a steal request before it takes it up (WAN emulation); 0: answered at once. */
    @FunctionalInterface
    public interface AnswerDelay {
        long nanos(boolean wideArea, StealMode mode);
    }

    private final int self;
    private final IntPredicate remoteCluster;
    private final Link link;
    private final StealLedger ledger;
    private final Gate gate;
    private final Thief thief;
    private final UnshippableJobs unshippable;
    private final AtomicLong ids;
    private final Consumer<Throwable> fatal;
    private volatile LocalWork pool;
    /** The clock of exports and lost work: {@link System#nanoTime} in a run, simulated time in the simulation. */
    private final LongSupplier nanoClock;
    private volatile AnswerDelay delay = (wide, mode) -> 0;
    /** The timer that takes up held requests ("Late answers"), or null without a delay; one thread, a daemon. */
    private volatile ScheduledThreadPoolExecutor lateAnswers;
    /** Where the steps that arrive off the loop run: a held request's answer, a reply's unwritten job. */
    private volatile Confinement loop = Confinement.CALLER;

    public final LongAdder jobsExported = new LongAdder();
    /** How long dead thieves held the jobs they took from here (the work their crash lost, at most). */
    public final LongAdder lostWorkNanos = new LongAdder();

    public Victim(int self, IntPredicate remoteCluster, Link link, StealLedger ledger, Gate gate, Thief thief,
            UnshippableJobs unshippable, AtomicLong ids, Consumer<Throwable> fatal, LongSupplier nanoClock) {
        this.self = self;
        this.nanoClock = nanoClock;
        this.remoteCluster = remoteCluster;
        this.link = link;
        this.ledger = ledger;
        this.gate = gate;
        this.thief = thief;
        this.unshippable = unshippable;
        this.ids = ids;
        this.fatal = fatal;
    }

    public void attach(LocalWork workerPool) {
        pool = workerPool;
    }

    /**
     * The node's protocol loop: a held request's answer (the timer only times it) and a reply whose job could not be
     * written (found on the peer's writer) are posted to it. Without a call they run where they arise. Before the run.
     */
    public void confine(Confinement protocolLoop) {
        loop = protocolLoop;
    }

    /** Emulation setting: this node, as a victim, answers late ("Late answers" above). Call before the run. */
    public void emulate(AnswerDelay answerDelay, boolean any, String nodeName) {
        this.delay = answerDelay;
        if (any && lateAnswers == null) {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, nodeName + "-late-answers");
                t.setDaemon(true);
                return t;
            });
            timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
            timer.setRemoveOnCancelPolicy(true);
            lateAnswers = timer;
        }
    }

    /** Drops the requests still held ("Late answers") and ends the timer thread; the node has ended. */
    public void closeLateAnswers() {
        ScheduledThreadPoolExecutor timer = lateAnswers;
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    // ---- giving ----

    /** STEAL_REQUEST (upcall thread): answered now, or held for the late-answer timer. */
    public void onStealRequest(Message.StealRequest m) throws IOException {
        int thiefNode = m.from();
        long requestId = m.requestId();
        boolean mode = m.synchronous();
        long thiefApplied = m.sharedApplied();
        boolean thiefInSync = m.inSync();
        ScheduledThreadPoolExecutor timer = lateAnswers;
        long wait = timer == null ? 0 : delay.nanos(remoteCluster.test(thiefNode),
                mode ? StealMode.SYNCHRONOUS : StealMode.ASYNCHRONOUS);
        if (wait > 0) {
            try {
                Confinement owner = loop;
                timer.schedule(() -> owner.post(() -> answerLate(thiefNode, requestId, mode, thiefApplied,
                        thiefInSync)), wait, TimeUnit.NANOSECONDS);
                return;
            } catch (RejectedExecutionException e) {
                // the node has ended (closeLateAnswers): answer as every request after stop, at once
            }
        }
        answer(thiefNode, requestId, mode, thiefApplied, thiefInSync);
    }

    /** A held request taken up on the timer thread; a failure to answer ends the run, as on the upcall thread. */
    private void answerLate(int thiefNode, long requestId, boolean mode, long thiefApplied, boolean thiefInSync) {
        try {
            answer(thiefNode, requestId, mode, thiefApplied, thiefInSync);
        } catch (IOException | RuntimeException e) {
            if (!gate.stopped()) {
                fatal.accept(e);
            }
        }
    }

    /** Takes up a steal request: takes a job (or finds none) and replies, on the upcall thread or the late-answer timer. */
    private void answer(int thiefNode, long requestId, boolean mode, long thiefApplied, boolean thiefInSync)
            throws IOException {
        LocalWork workers = pool;
        Losses losses = link.losses();
        // paused: no job leaves this node, as in the original, whose paused node took up no steal request
        boolean giving = !(gate.stopped() || gate.paused() || workers == null || link.isDead(thiefNode));
        InvocationRecord own = giving ? workers.stealForExport(!thiefInSync) : null;
        InvocationRecord job = own != null || !giving ? own : ledger.relay();
        boolean relay = job != null && own == null;
        long jobId = job == null ? -1 : ids.incrementAndGet();
        if (job != null) {
            ledger.exported().export(jobId, job, thiefNode, nanoClock.getAsLong());
            jobsExported.increment();
            if (link.isDead(thiefNode)) {
                // it died between the check above and the put: recovery's scan may have missed this job
                lostWith(thiefNode).forEach(r -> losses.requeueNow(r, thiefNode));
                return;
            }
        }
        boolean reExecution = job != null && WorkerPool.isReExecution(job);
        if (job != null && WorkerPool.isAborted(job)) { // aborted while the request took it: not shipped
            ledger.exported().claim(jobId);
            jobsExported.decrement();
            completeExported(job, null, satin.contract.Aborted.INSTANCE);
            job = null;
        }
        boolean replied;
        try {
            replied = sendReply(thiefNode, requestId, mode, job == null ? null
                    : new ShippedJob(job, jobId, reExecution, thiefApplied), relay);
        } catch (IOException e) {
            if (!gate.stopped() || job != null) {
                throw e;
            }
            // This node's run is over and its send ports are closed (or closing) while a peer, whose own end comes a
            // moment later, still asks for work: the "no job" cannot go, and need not (the peer's request ends with
            // its run). The normal end of a run without fault tolerance, where a failed send is otherwise an error.
            log.debug("node {}: no reply to node {}'s steal request: this node's run is over ({})", self, thiefNode,
                    e.getMessage());
            return;
        }
        if (!replied && job != null) {
            lostWith(thiefNode).forEach(r -> losses.requeueNow(r, thiefNode));
        }
    }

    /**
     * Sends the STEAL_REPLY to a request: {@code job} (null: none); false: the thief is gone. A job that cannot be
     * written (see {@code Codec.write}) goes back: a relayed one to the arrived jobs, another runs here.
     */
    private boolean sendReply(int thiefNode, long requestId, boolean mode, ShippedJob job, boolean relay)
            throws IOException {
        Message.StealReply reply = new Message.StealReply(self, requestId, mode, job);
        if (job == null) {
            return link.send(thiefNode, reply); // only a job can fail to be written: no handler to make
        }
        Confinement owner = loop;
        long jobId = job.jobId();
        // the thief holds the job once the reply is written (ExportLedger, "Held"); counted only where a crash of
        // this node can leave orphans, so a run that does not survive crashes posts nothing more per job
        LongConsumer written = link.survives() ? bytes -> owner.post(() -> ledger.exported().written(jobId)) : null;
        return link.send(thiefNode, reply, unwritten -> owner.post(() -> {
            InvocationRecord record = unwritten.job().record();
            if (ledger.exported().claim(unwritten.job().jobId()) == null) {
                // the export is no longer in the ledger: the thief was declared dead between the answer and this
                // write, and recovery took the job back already; whoever removes the export owns the job, so it is
                // not run a second time here (issue 30: UnwrittenReplyAfterDeathTest)
                return;
            }
            IOException e = unwritten.cause();
            if (e instanceof UnregisteredClassException) {
                jobsExported.decrement();
                if (relay) {
                    putBack(record);
                } else {
                    unshippable.keep(record, e.getMessage(), "could not move to node " + thiefNode);
                }
            } else if (SharedReferences.notThere(e) != null) {
                // the thief joined the running pool and has no replicas yet: the job runs here
                jobsExported.decrement();
                if (relay) {
                    putBack(record);
                } else {
                    unshippable.keepQuietly(record);
                }
            } else {
                completeExported(record, null, new IllegalStateException("a stolen job cannot be sent to another "
                        + "node: " + e.getMessage(), e));
            }
        }), written);
    }

    /** RESULT (upcall thread): the outcome of a job this node exported. */
    public void onResult(Message.Result m) throws IOException {
        int from = m.from();
        Outcome outcome = m.outcome();
        ExportLedger.Export export = ledger.exported().claim(m.jobId());
        if (export == null) {
            if (link.survives()) {
                return; // given up for lost (its thief was declared dead) and run again here: never completed twice
            }
            throw new IOException("node " + from + " returned a result for unknown job " + m.jobId());
        }
        InvocationRecord job = export.record();
        if (outcome instanceof Outcome.Lost lost) {
            if (link.survives()) {
                link.losses().handedBack(job, lost.deadThief()); // the relay had passed it on to a node that died
            }
        } else if (outcome instanceof Outcome.Rerun rerun) {
            if (ledger.isRelayed(job)) {
                putBack(job); // this node tries to ship the result itself
            } else {
                unshippable.keep(job, rerun.problem(), "ran on node " + from + " but its result could not come back");
            }
        } else {
            completeExported(job, outcome.result(), outcome.failure());
        }
    }

    /**
     * Completes an exported record with what its thief sent back: this node's own record wakes its owner's sync; a
     * relayed one has its outcome sent on to the node it came from, as if it had run here.
     */
    public void completeExported(InvocationRecord job, Object result, Throwable failure) {
        if (ledger.unrelay(job)) {
            if (failure == null) {
                job.boxedResult(result);
            }
            thief.finished(job, failure);
        } else {
            pool.completeExported(job, result, failure);
        }
    }

    /** A relayed job that could not go to its thief (or whose result could not come back) waits here again. */
    private void putBack(InvocationRecord job) {
        ledger.putBack(job);
        pool.externalWorkArrived();
    }

    // ---- abort ----

    /**
     * The owner aborted {@code record}: if it went to another node, ask that node to cancel it. Called on a worker
     * thread (or the transport's, for a relayed job); the send does not wait for the thief.
     */
    public void abort(InvocationRecord record) {
        ExportLedger.Export to = ledger.exported().target(record);
        if (to == null) {
            return; // not exported (a local thief notices by itself), or its result is already back
        }
        try {
            // false when the thief is gone: its jobs are requeued, not aborted
            link.send(to.thief(), new Message.Abort(self, to.jobId()));
        } catch (IOException e) {
            if (!gate.stopped()) {
                fatal.accept(e);
            }
        }
    }

    /**
     * An ABORT from a job's owner: cancel the job if it is here, else remember it for its arrival. Runs on the
     * transport's thread (see Abort above): it must never wait, and does not.
     */
    public void onAbort(Message.Abort m) {
        InvocationRecord job = ledger.abortTarget(new StealLedger.JobRef(m.from(), m.jobId()));
        if (job == null) {
            return;
        }
        pool.abortForeign(job);
        if (ledger.isRelayed(job)) {
            // relayed to a thief of this node: the abort travels on, as for a job of this node. The mark above comes
            // first, so a relay whose export is not yet registered sees the job aborted when it checks before
            // shipping; the send never waits: Peers' outbox never waits for another thread.
            abort(job);
        }
    }

    // ---- a lost thief ----

    /**
     * Removes and returns the jobs of this node handed to {@code thiefNode}; with {@code keepRelayed}, the jobs
     * relayed to it are returned too (for {@link #takeBack} once the recovery round has ended: another node may run
     * such a job as an orphan, the dead thief may have relayed it on), else they go back to the arrived jobs at once.
     */
    public List<InvocationRecord> lostWith(int thiefNode, boolean keepRelayed) {
        List<InvocationRecord> lost = new ArrayList<>();
        List<InvocationRecord> relayedLost = new ArrayList<>();
        long now = nanoClock.getAsLong();
        for (ExportLedger.Export e : ledger.exported().claimAllOf(thiefNode)) {
            (ledger.isRelayed(e.record()) && !keepRelayed ? relayedLost : lost).add(e.record());
            lostWorkNanos.add(now - e.sentNanos());
        }
        relayedLost.forEach(this::putBack); // another node's job: run or relayed again, its result goes to its owner
        return lost;
    }

    public List<InvocationRecord> lostWith(int thiefNode) {
        return lostWith(thiefNode, false);
    }

    /**
     * Takes back a job lost with its thief {@code deadThief} (-1: not known), once the recovery round has ended. This
     * node's own job goes through {@link WorkerPool#takeBack}, which looks it up by its own identity first (the dead
     * thief may have relayed it to a live node, which computes it as an orphan), after dropping an unstarted copy of
     * it that came back here through the dead thief ({@link #dropUnstartedCopy}). A job this node had relayed to the
     * thief goes back to the node it came from ({@link #sendHome}), which takes it back as its own; when that node is
     * gone too, the job is an orphan of that node's, announced as computed here, and is withdrawn instead: whoever
     * re-executes the work it belongs to runs it there. Returns whether the job was taken back here.
     *
     * <p><b>Why a relayed job is not run here (issue 11, traced).</b> Here the job R is an arrival like any other, and
     * any worker takes arrivals up, inside any sync: in the sync of an orphan O of R that this node had stolen from
     * the dead thief (R's child, say), R's re-execution spawned O's call again and waited for O, which sat below it
     * on the same stack, until {@code Worker.reclaim}'s bound ran O a second time; O's own result, salvaged 1-2 s
     * later, was asked for by nobody. That happened in 5 of 12 traced runs of {@code MultiNodeFaultsTest}'s orphan
     * case, in 1 of which nothing at all was reused (the test's failure, about 1 run in 10). At its origin R is a
     * record of a job there (or goes on home), where the rule for requeued records holds ({@code Worker}, "Who takes
     * up a requeued record"): only an idle worker, an idle thief, or the sync of an ancestor of R takes it up, and
     * none of those holds a descendant of R.
     */
    public boolean takeBack(InvocationRecord record, int deadThief) {
        Losses losses = link.losses();
        if (!ledger.isRelayed(record)) {
            dropUnstartedCopy(record);
            pool.takeBack(record);
            return true;
        }
        StealLedger.Origin origin = ledger.origin(record);
        if (origin != null && !losses.isDead(origin.node()) && sendHome(record, origin, deadThief)) {
            return false;
        }
        ledger.forgetRelayed(record, origin);
        losses.withdraw(origin != null ? origin.key() : losses.identity(record));
        return false;
    }

    /**
     * Hands a relayed job lost with {@code deadThief} back to the node it came from: a RESULT with outcome
     * {@link Outcome.Lost} (then {@link #onResult} there takes it back), and this node forgets it. Returns false when
     * that node is gone.
     */
    private boolean sendHome(InvocationRecord record, StealLedger.Origin origin, int deadThief) {
        boolean sent;
        try {
            sent = link.send(origin.node(), new Message.Result(self, origin.jobId(), new Outcome.Lost(deadThief)));
        } catch (IOException e) {
            sent = false;
        }
        if (sent) {
            ledger.forgetRelayed(record, origin);
        }
        return sent;
    }

    /**
     * Drops a copy of {@code record} (the same call: the same identity) that came back to this node through the dead
     * thief and waits here unstarted: then the record itself is taken back instead of waiting for the copy. The thief
     * can relay the job it stole from this node back to this node (a relay passes arrived jobs on, to any thief); the
     * copy's origin is the dead thief, so it is an orphan announced as computed here, and the record taken back would
     * wait for it, possibly in the sync of the only worker that could take it up (traced: the record ran after the
     * wait's bound and the copy after it, 1.5-2.1 s of work done twice). The copy is withdrawn everywhere: nothing
     * waits for it any more, and what did is taken back again (it waits for another node that computes the call, if
     * one does, or runs).
     */
    private void dropUnstartedCopy(InvocationRecord record) {
        Losses losses = link.losses();
        long key = losses.identity(record);
        StealLedger.Origin copy = ledger.dropArrival(a -> losses.isDead(a.origin().node())
                && a.origin().key() == key); // taken on arrival, as spawned
        if (copy != null) {
            losses.withdraw(key);
        }
    }

    /** Salvages the results sent to {@code owner}, which is gone (see {@link KeptResults}). */
    public void salvageKept(int owner) {
        Losses losses = link.losses();
        ledger.takeKept(owner, k -> losses.salvage(k.key, k.outcome, false));
    }

    /** The identities of the jobs here (running or received) that came from {@code owner}: orphans once it is gone. */
    public List<Long> orphansOf(int owner) {
        return ledger.orphansOf(owner);
    }
}
