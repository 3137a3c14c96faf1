package satin.runtime.node;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import satin.balance.ClusterMap;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.contract.InvocationRecord;
import satin.runtime.node.life.Phase;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.recovery.ArgumentDigest;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.recovery.StealingSide;
import satin.runtime.node.shared.SharedReferences;
import satin.runtime.node.steal.Gate;
import satin.runtime.node.steal.KeptResults;
import satin.runtime.node.steal.Link;
import satin.runtime.node.steal.Losses;
import satin.runtime.node.steal.StealLedger;
import satin.runtime.node.steal.Thief;
import satin.runtime.node.steal.UnshippableJobs;
import satin.runtime.node.steal.Victim;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.spawn.LocalWork;
import satin.runtime.timeline.Track;

/**
 * Work stealing between nodes as the node wires it: the second level below the workers' own stealing inside a node.
 * The algorithm is in {@code node.steal}: the thief side ({@link Thief}: steal requests, replies, results sent home),
 * the victim side ({@link Victim}: jobs given, results taken back, aborts, late answers) and the one ledger of the
 * jobs that cross this node ({@link StealLedger}: exported, foreign, relayed, kept). This class only joins them to
 * the runtime (the node's {@link ExternalWork}), to the messages ({@code Dispatcher} calls its handlers) and to crash
 * recovery, which it serves as its {@link StealingSide} and which it hands to stealing as {@link Losses}: stealing
 * knows nothing of recovery. Threads: as in {@link Thief} and {@link Victim}; this class holds no state of its own.
 *
 * <p>Public for the seeded simulation of the node protocol ({@code node.sim} in the tests), which runs this class, the
 * same wiring, over its simulated network ({@link Link.Transport}), workers ({@link LocalWork}) and clock.
 */
public final class RemoteStealing implements ExternalWork, StealingSide {

    private final int self;
    private final Link link;
    /** The node's run phase, which the stealing gate follows; its own in a simulation. */
    private final Phase phase;
    private final Gate gate;
    private final StealLedger ledger;
    private final Thief thief;
    private final Victim victim;
    /** Null when the run does not survive crashes: then every lost peer ends the run. */
    private final CrashRecovery recovery;

    final LongAdder intraAttempts;
    final LongAdder intraSuccesses;
    final LongAdder interAttempts;
    final LongAdder interSuccesses;
    final LongAdder jobsExported;
    final LongAdder stealWaitNanos;
    /** How long dead thieves held the jobs they took from here (the work their crash lost, at most). */
    final LongAdder lostWorkNanos;

    RemoteStealing(int self, ClusterMap clusters, Peers peers, long timeoutMillis, Consumer<Throwable> fatal) {
        this(self, clusters, peers, timeoutMillis, fatal,
                new UnshippableJobs("node " + self, RemoteStealing.class.getClassLoader()), null, null);
    }

    /**
     * @param timeline where to record every steal request and its reply (the node's {@code steals} row), or null
     * @param recovery what to do when a peer is gone, or null: then a lost peer ends the run
     */
    RemoteStealing(int self, ClusterMap clusters, Peers peers, long timeoutMillis, Consumer<Throwable> fatal,
            UnshippableJobs unshippable, Track timeline, CrashRecovery recovery) {
        this(self, n -> clusters.clusterOf(n) != clusters.clusterOf(self), peers, timeoutMillis, fatal, unshippable,
                timeline, recovery, Phase.running());
    }

    /**
     * @param remoteCluster whether a node is in another cluster than this one (a pool that grows needs no map)
     * @param phase the node's run phase: stealing asks and gives as it allows ({@link Gate})
     */
    RemoteStealing(int self, IntPredicate remoteCluster, Peers peers, long timeoutMillis,
            Consumer<Throwable> fatal, UnshippableJobs unshippable, Track timeline, CrashRecovery recovery,
            Phase phase) {
        this(self, remoteCluster, (peer, message, onUnwritten, written) -> peers.send(peer, message,
                onUnwritten == null ? null : onUnwritten::accept, written), timeoutMillis, fatal, unshippable, timeline,
                recovery, System::nanoTime, phase);
    }

    /**
     * @param transport how messages go to a peer (the node's outboxes; the simulation's network)
     * @param nanoClock the clock of deadlines and durations ({@link System#nanoTime}; the simulation's time)
     */
    public RemoteStealing(int self, IntPredicate remoteCluster, Link.Transport transport, long timeoutMillis,
            Consumer<Throwable> fatal, UnshippableJobs unshippable, Track timeline, CrashRecovery recovery,
            LongSupplier nanoClock) {
        this(self, remoteCluster, transport, timeoutMillis, fatal, unshippable, timeline, recovery, nanoClock,
                Phase.running());
    }

    private RemoteStealing(int self, IntPredicate remoteCluster, Link.Transport transport, long timeoutMillis,
            Consumer<Throwable> fatal, UnshippableJobs unshippable, Track timeline, CrashRecovery recovery,
            LongSupplier nanoClock, Phase phase) {
        this.self = self;
        this.phase = phase;
        this.gate = new Gate(phase);
        this.recovery = recovery;
        this.link = new Link(transport, recovery == null ? null : losses(recovery));
        this.ledger = new StealLedger(new KeptResults(KeptResults.budgetFor(Runtime.getRuntime().maxMemory())),
                nanoClock);
        AtomicLong ids = new AtomicLong();
        this.thief = new Thief(self, remoteCluster, link, ledger, gate, unshippable, ids, timeoutMillis, fatal,
                timeline, nanoClock);
        this.victim = new Victim(self, remoteCluster, link, ledger, gate, thief, unshippable, ids, fatal, nanoClock);
        this.intraAttempts = thief.intraAttempts;
        this.intraSuccesses = thief.intraSuccesses;
        this.interAttempts = thief.interAttempts;
        this.interSuccesses = thief.interSuccesses;
        this.stealWaitNanos = thief.stealWaitNanos;
        this.jobsExported = victim.jobsExported;
        this.lostWorkNanos = victim.lostWorkNanos;
    }

    /** Crash recovery as stealing sees it. */
    private static Losses losses(CrashRecovery recovery) {
        return new Losses() {
            @Override
            public boolean isDead(int node) {
                return recovery.isDead(node);
            }

            @Override
            public void linkBroken(int peer, IOException cause) {
                recovery.linkBroken(peer, cause);
            }

            @Override
            public void tick() {
                recovery.tick();
            }

            @Override
            public void lateOrphan(int deadOwner, long key) {
                recovery.lateOrphan(deadOwner, key);
            }

            @Override
            public boolean holdReExecution(InvocationRecord job, int sender) {
                return recovery.holdReExecution(job, sender);
            }

            @Override
            public void requeueNow(InvocationRecord record, int thief) {
                recovery.requeueNow(record, thief);
            }

            @Override
            public void salvage(long key, KeptResults.Outcome outcome, boolean ended) {
                recovery.salvage(key, new SalvagedResults.Outcome(outcome.result(), outcome.failure(),
                        outcome.workNanos()), ended);
            }

            @Override
            public void handedBack(InvocationRecord job, int deadThief) {
                recovery.handedBack(job, deadThief);
            }

            @Override
            public void withdraw(long key) {
                recovery.withdraw(key);
            }

            @Override
            public long identity(InvocationRecord record) {
                return ArgumentDigest.of(record);
            }
        };
    }

    /** Completes construction: the policy sends through this object, the pool exists only after the runtime. */
    public void attach(StealPolicy stealPolicy, LocalWork workerPool) {
        thief.attach(stealPolicy, workerPool);
        victim.attach(workerPool);
    }

    /** See {@link ExternalWork#retryAtOnce}: the paper's idle loop, for WAN emulation. Call before {@link #attach}. */
    void retryAtOnce() {
        thief.retryAtOnce();
    }

    /** The node's protocol loop, where steps that arise off it go (see {@link Victim#confine}). Before the run. */
    public void confine(satin.runtime.node.loop.Confinement loop) {
        victim.confine(loop);
        ledger.confine(loop);
    }

    /** Emulation setting: this node, as a victim, pays {@code emulated}. Call before {@link #attach}. */
    void emulate(EmulatedCosts emulated, String nodeName) {
        victim.emulate(emulated::answerDelayNanos, emulated.any(), nodeName);
    }

    /** Drops the steal requests still held for a late answer; the node has ended. */
    void closeLateAnswers() {
        victim.closeLateAnswers();
    }

    @Override
    public boolean retryAtOnce(int workerIndex) {
        return thief.retryAtOnce(workerIndex);
    }

    /** The policy's {@code StealRequests} service. */
    public void request(int victimNode, StealMode mode) {
        thief.request(victimNode, mode);
    }

    /**
     * Steal requests tell victims how far this node's replicas are, and a job holding a shared object goes only to a
     * thief that has its replica (set by the node before its first message: see {@link SharedReferences}).
     */
    void share(SharedReferences references) {
        thief.sharedPosition(references::position);
    }

    /**
     * No more steal requests and no jobs given: a leave goes quiet ({@code LEAVING → LEAVING_QUIET}), any other run
     * is over here ({@code OVER}, unless it is over already). Pending replies are still answered. A move of the
     * phase, which the gate follows; in a node the life cycle makes most of these moves itself, so this one changes
     * nothing then.
     */
    public void stop() {
        if (!phase.move(RunPhase.LEAVING, RunPhase.LEAVING_QUIET)) {
            phase.moveTo(RunPhase.OVER);
        }
    }

    /** A leaving node became the master, it stays in the run: the phase moves to {@code MAIN}. */
    public void resume() {
        phase.moveTo(RunPhase.MAIN);
    }

    /** This node is leaving ({@code LEAVING}): no new steal request (one in flight is still awaited), jobs are still given. */
    public void beginLeave() {
        phase.moveTo(RunPhase.LEAVING);
    }

    /**
     * Whether this node holds nothing of another node and waits for nothing from one: no job from elsewhere queued or
     * running, no steal request awaiting its reply, no job of its own out with a thief. Exact once
     * {@link #beginLeave} and then {@link #stop} have been called and it returned true: nothing can arrive any more.
     */
    public boolean holdsNothing() {
        return thief.awaitsNothing() && ledger.holdsNothing();
    }

    /** Stops ({@code on}) or restarts steal traffic both ways: the program paused balancing ({@link Gate#paused()}). */
    void paused(boolean on) {
        gate.paused(on);
    }

    @Override
    public InvocationRecord poll(int workerIndex) {
        return thief.poll(workerIndex, () -> false, true);
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted) {
        return thief.poll(workerIndex, unwanted, true);
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted, boolean inSync) {
        return thief.poll(workerIndex, unwanted, inSync);
    }

    @Override
    public void finished(InvocationRecord record, Throwable failure) {
        thief.finished(record, failure);
    }

    @Override
    public void abort(InvocationRecord record) {
        victim.abort(record);
    }

    // ---- messages (Dispatcher) ----

    public void onStealRequest(Message.StealRequest m) throws IOException {
        victim.onStealRequest(m);
    }

    public void onStealReply(Message.StealReply m) {
        thief.onStealReply(m);
    }

    public void onResult(Message.Result m) throws IOException {
        victim.onResult(m);
    }

    /** An ABORT: on the transport's thread (see {@link Victim}, Abort); never waits. */
    void onAbort(Message.Abort m) {
        victim.onAbort(m);
    }

    /** A SALVAGE message: an orphan's outcome, kept for re-executions (see {@link CrashRecovery}). */
    public void onSalvage(Message.Salvage m) {
        if (recovery == null) {
            return;
        }
        if (m.outcome() instanceof Outcome.Rerun) {
            recovery.unsalvageable(m.key(), m.from()); // not salvaged: the re-execution computes it (what waited too)
        } else {
            recovery.stored(m.key(), new SalvagedResults.Outcome(m.outcome().result(), m.outcome().failure(),
                    m.workNanos()));
        }
    }

    // ---- crash recovery's side (StealingSide) ----

    @Override
    public void sendSalvaged(int peer, long key, SalvagedResults.Outcome outcome) throws IOException {
        link.send(peer, new Message.Salvage(self, key, outcome.workNanos(),
                Outcome.of(outcome.result(), outcome.failure())));
    }

    @Override
    public void sendWithdrawn(int peer, long key) throws IOException {
        link.send(peer, new Message.Salvage(self, key, 0,
                new Outcome.Rerun("withdrawn: the job's origin and the node it was relayed to are gone")));
    }

    @Override
    public boolean sendIfAlive(int peer, Message message) throws IOException {
        return link.send(peer, message);
    }

    @Override
    public void salvageKept(int owner) {
        victim.salvageKept(owner);
    }

    @Override
    public List<InvocationRecord> lostWith(int thiefNode) {
        return victim.lostWith(thiefNode);
    }

    @Override
    public List<InvocationRecord> lostWith(int thiefNode, boolean keepRelayed) {
        return victim.lostWith(thiefNode, keepRelayed);
    }

    @Override
    public void arrived(InvocationRecord job) {
        thief.arrived(job);
    }

    @Override
    public boolean takeBack(InvocationRecord record, int deadThief) {
        return victim.takeBack(record, deadThief);
    }

    /** A record of this node, or one relayed through it, that waited for a salvaged outcome gets it. */
    @Override
    public void completeSalvaged(InvocationRecord record, Object result, Throwable failure) {
        victim.completeExported(record, result, failure);
    }

    @Override
    public List<Long> orphansOf(int owner) {
        return victim.orphansOf(owner);
    }

    @Override
    public void victimGone(int victimNode) {
        thief.victimGone(victimNode);
    }

    // ---- figures ----

    /**
     * Jobs of this node that other nodes hold now: handed out, the reply that carried each written to its thief, the
     * result not back (see {@code ExportLedger}, "Held"; a job answered but not yet written does not count: were this
     * node to die then, no thief would ever hold it). Kept in runs that survive crashes; 0 in others.
     */
    public int exportedCount() {
        return ledger.exported().held();
    }

    /**
     * Whether job {@code jobId} of node {@code owner} is here (arrived, running or relayed, its result not sent): the
     * seeded simulation's check that a job handed out is never forgotten.
     */
    public boolean holds(int owner, long jobId) {
        return ledger.holds(new StealLedger.JobRef(owner, jobId));
    }

    /** The results kept for their owners' crash: how many were given up, and their bytes. */
    long keptDropped() {
        return ledger.keptDropped();
    }

    long keptDroppedBytes() {
        return ledger.keptDroppedBytes();
    }
}
