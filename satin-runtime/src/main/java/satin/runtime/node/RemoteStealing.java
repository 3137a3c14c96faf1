package satin.runtime.node;

import satin.runtime.node.shared.SharedReferences;
import satin.runtime.node.shared.SharedReplication;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import satin.balance.ClusterMap;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.contract.InvocationRecord;
import satin.ipl.UnregisteredClassException;
import satin.runtime.node.recovery.ArgumentDigest;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.StealingSide;
import satin.runtime.node.steal.ExportLedger;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.wire.ShippedJob;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.timeline.Track;
import satin.runtime.spawn.WorkerPool;

/**
 * Work stealing between nodes, the second level below the workers' own stealing inside a node.
 *
 * <h2>Thief side</h2>
 * A worker that found no work on any deque of its node calls {@link #poll}. Jobs that arrived in steal replies
 * wait in {@link #arrived}; one is handed out if present. Otherwise one worker at a time (the node's single
 * "idle loop", as in the paper where a node is one thread; the holder of {@link #stealing}) drives the
 * {@link StealPolicy} (RS or CRS): the policy's {@code onIdle} names the requests to send; a synchronous request
 * keeps that worker waiting for its reply, an asynchronous one (CRS's wide-area steal) is answered by the upcall
 * thread, which queues the job and tells the policy. Other idle workers meanwhile get {@code null} and back off.
 * When a stolen job has run, {@link #finished} sends its result or exception to its owner.
 *
 * <p>The synchronous request in flight ({@link #inFlight}) belongs to the node, not to the worker that sent it. A
 * worker stops waiting for its reply as soon as it no longer needs a job (the record its {@code sync} waits for
 * completed: it must not sit out a wide-area round trip then), and leaves the request in flight; the next poll,
 * by any worker, waits for the same reply instead of asking the policy, so the policy still sees one request and
 * one reply. The reply handler queues the job in {@link #arrived} whoever waits, so a job that comes after its
 * requester left still runs. The reply's deadline is the request's: the run's timeout after it was sent. Waking:
 * the waiter publishes itself ({@link SyncRequest#waiter}, volatile) and then checks the reply; the handler
 * completes the reply and then reads the waiter and unparks it; as volatile accesses these cannot both miss.
 *
 * <h2>Victim side</h2>
 * A steal request takes the oldest queued job of some worker ({@link WorkerPool#stealForExport}), keeps it
 * under a fresh job id and ships it serialized; a returning result completes it
 * ({@link WorkerPool#completeExported}) and wakes the owner's sync. A job whose classes cannot be serialized
 * (not in the registration list) runs on this node instead ({@link UnshippableJobs}); so does a job whose result
 * could not be sent back by its thief. When no worker has a queued job, a thief gets the oldest job that arrived
 * here in an asynchronous steal reply and has not started ({@link #relayArrived}): as in the paper's CRS, a job from
 * an asynchronous reply is in the node's work queue, not hidden until this node's workers run out of work. A job from
 * a synchronous reply is not relayed: the worker that asked for it is waiting for it.
 *
 * <h2>Abort</h2>
 * When an owner aborts a job it exported ({@link #abort}), an ABORT message goes to the thief, which cancels the
 * job there ({@link WorkerPool#abortForeign}); what that job spawned and exported further is cancelled by its own
 * unwinding, so the abort travels on from node to node. An ABORT may overtake the steal reply that carried the job
 * (they are sent by different threads): the thief then remembers it ({@link #earlyAborts}, bounded) and cancels the
 * job on arrival. A job found aborted after its steal request took it is not shipped. Every exported job still
 * ends with a RESULT ({@link Outcome.Aborted} when it stopped), so the owner's bookkeeping always clears.
 *
 * <p>{@link #onAbort} runs on the transport's thread as soon as the ABORT is read, not on the upcall thread in
 * arrival order (see {@code Dispatcher}), so it may also overtake a STEAL_REPLY that arrived before it and
 * still waits for the upcall thread, and it may run while that thread handles the reply. Both handlers decide under
 * the {@link #foreign} monitor: the reply registers the job and takes a remembered abort in one critical section, the
 * ABORT looks the job up or remembers itself in another, so whichever comes second sees the first (the monitor orders
 * them and makes the first one's writes visible), and the job is cancelled either way. The cancel itself (mark the
 * record aborted, then raise the workers' signals: {@link WorkerPool#abortForeign}) is the same from any thread; the
 * record was published to the transport's thread by the same monitor. Overtaking the owner's other messages is
 * harmless: the one that meets the aborted job is a RESULT for one of its descendants that this node exported to the
 * owner ({@link #onResult}), which then completes a record that is aborted already and that a sync neither waits for
 * nor delivers, exactly as when a third node's RESULT meets an abort on the wire; shared-object updates, steal
 * requests and the end of the run do not touch the job. The monitor is held only for map operations, never across a
 * wait or a send, so the transport's thread never waits on this node's progress.
 *
 * <p>The policy is not thread-safe: every call into it holds {@link #policyLock}; messages are never sent
 * while holding it.
 *
 * <h2>Late answers (WAN emulation only)</h2>
 * With {@link EmulatedCosts} (set by {@link #emulate} before the run; none by default), a synchronous steal request
 * from another cluster is read and finished on the upcall thread like any other, then handed to this node's one
 * late-answer timer thread ({@link #lateAnswers}), which takes it up after the delay: it takes a job then (or finds
 * none) and sends the reply, exactly as the upcall thread does for every other request. So the upcall thread never
 * waits, and the victim's state at the answer is the state after the delay, as in the simulator, where the delay is
 * added to the request's arrival. Taking up a request is safe on either thread: {@link WorkerPool#stealForExport}
 * and {@link #takeArrived} are the same concurrent takes the workers make, {@link #exported} (an {@link ExportLedger})
 * and the other maps are concurrent, and a send goes through {@link Peers}' outbox, which any thread may use (the timer
 * thread is
 * no upcall thread, so it may wait for the thief's credit, bounded as every writer's is). The handoff to the timer
 * (its queue) orders what the upcall thread read before the task. A request held when the node ends
 * ({@link #closeLateAnswers}) is dropped: its thief ends with the run too. Not a protocol change: the thief sees a
 * slower victim, nothing else; a reply after {@link #stop} carries no job, as every reply after it does.
 */
final class RemoteStealing implements ExternalWork, StealingSide {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(RemoteStealing.class);
    /** The node's {@code steals} row of its timeline, or null. */
    private final Track timeline;

    private record Request(int victim, StealMode mode) {
    }

    /** Where a job that runs here came from; {@code key} is its identity ({@link ArgumentDigest}) with fault tolerance. */
    private record Origin(int node, long jobId, long key, long startNanos) {
        JobRef ref() {
            return new JobRef(node, jobId);
        }
    }

    /** A job as its owner and the thief both name it: what an ABORT refers to. */
    private record JobRef(int node, long jobId) {
    }

    /**
     * A job that came in a steal reply, waiting for a worker here. {@code relayable}: a thief may get it
     * ({@link #relayArrived}); false for a synchronous reply's job, which its requesting worker waits for right now.
     */
    private record Arrival(InvocationRecord record, Origin origin, boolean relayable) {
    }

    /** A synchronous steal request: its reply (whether it brought a job) and the thread waiting for it, if any. */
    private static final class SyncRequest {
        final int victim;
        final long id;
        final long deadlineNanos;
        final CompletableFuture<Boolean> reply = new CompletableFuture<>();
        volatile Thread waiter;

        SyncRequest(int victim, long id, long deadlineNanos) {
            this.victim = victim;
            this.id = id;
            this.deadlineNanos = deadlineNanos;
        }
    }

    private final int self;
    /** Whether a node is in another cluster than this one (a wide-area steal). */
    private final java.util.function.IntPredicate remoteCluster;
    private final Peers peers;
    private final long timeoutMillis;
    private final Consumer<Throwable> fatal;
    private final Object policyLock = new Object();
    private StealPolicy policy;
    private final List<Request> toSend = new ArrayList<>();
    private volatile WorkerPool pool;

    private final ConcurrentLinkedQueue<Arrival> arrived = new ConcurrentLinkedQueue<>();
    /** Jobs from {@link #arrived} handed on to a thief ({@link #relayArrived}); records compare by identity. */
    private final java.util.Set<InvocationRecord> relayed = ConcurrentHashMap.newKeySet();
    private final Map<InvocationRecord, Origin> running = new IdentityHashMap<>();
    /** The jobs of this node (or relayed through it) out with thieves: who owns each (see {@link ExportLedger}). */
    private final ExportLedger exported = new ExportLedger();
    /** Asynchronous steal requests awaiting their reply: request id to victim. */
    private final ConcurrentHashMap<Long, Integer> asyncReplies = new ConcurrentHashMap<>();
    /** Null when the run does not survive crashes: then every lost peer ends the run. */
    private final CrashRecovery recovery;
    /** Jobs from other nodes, queued or running here, by where they came from: what an ABORT names. */
    private final Map<JobRef, InvocationRecord> foreign = new java.util.HashMap<>();
    /** ABORTs for jobs that have not arrived yet (or already finished), oldest first, at most 4096. */
    private final java.util.LinkedHashSet<JobRef> earlyAborts = new java.util.LinkedHashSet<>();
    private final ConcurrentHashMap<Long, SyncRequest> syncReplies = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicBoolean stealing = new AtomicBoolean();
    /** The synchronous steal request awaiting its reply, or null; read and written only by the holder of stealing. */
    private SyncRequest inFlight;
    private volatile boolean stopped;
    /**
     * With {@link #retryAtOnce()}: per worker, whether its last poll ended with an empty reply to the request it
     * waited for. Element i is read and written only by worker i's thread; null when off.
     */
    private volatile boolean[] roundTripEnded;
    private volatile boolean retryAtOnce;
    /** Set when this node leaves gracefully: no new steal requests. */
    private volatile boolean leaving;
    /** Set while the program paused load balancing ({@code SatinObject.pause()}, on any node): no steal requests. */
    private volatile boolean paused;

    final LongAdder intraAttempts = new LongAdder();
    final LongAdder intraSuccesses = new LongAdder();
    final LongAdder interAttempts = new LongAdder();
    final LongAdder interSuccesses = new LongAdder();
    final LongAdder jobsExported = new LongAdder();
    final LongAdder stealWaitNanos = new LongAdder();
    /** How long dead thieves held the jobs they took from here (the work their crash lost, at most). */
    final LongAdder lostWorkNanos = new LongAdder();
    private final UnshippableJobs unshippable;
    /** The results sent to their owners, kept for their owners' crash (only with fault tolerance). */
    private final KeptResults kept;
    /** What this node pays on purpose to emulate a measured system ({@link EmulatedCosts}); set before the run. */
    private volatile EmulatedCosts costs = EmulatedCosts.NONE;
    /** The timer that takes up held requests ("Late answers"), or null without such costs; one thread, a daemon. */
    private volatile ScheduledThreadPoolExecutor lateAnswers;

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
                timeline, recovery);
    }

    /** @param remoteCluster whether a node is in another cluster than this one (a pool that grows needs no map) */
    RemoteStealing(int self, java.util.function.IntPredicate remoteCluster, Peers peers, long timeoutMillis,
            Consumer<Throwable> fatal, UnshippableJobs unshippable, Track timeline, CrashRecovery recovery) {
        this.unshippable = unshippable;
        this.timeline = timeline;
        this.recovery = recovery;
        this.kept = new KeptResults(KeptResults.budgetFor(Runtime.getRuntime().maxMemory()));
        this.self = self;
        this.remoteCluster = remoteCluster;
        this.peers = peers;
        this.timeoutMillis = timeoutMillis;
        this.fatal = fatal;
    }

    /** Completes construction: the policy sends through this object, the pool exists only after the runtime. */
    void attach(StealPolicy stealPolicy, WorkerPool workerPool) {
        synchronized (policyLock) {
            this.policy = stealPolicy;
        }
        if (retryAtOnce) {
            roundTripEnded = new boolean[workerPool.size()];
        }
        this.pool = workerPool;
    }

    private volatile SharedReferences sharedReferences;

    /**
     * A worker whose poll waited for a steal reply that brought nothing polls again at once, without its backoff's
     * parks (see {@link ExternalWork#retryAtOnce}): the paper's idle loop, for WAN emulation, where a park of a
     * fixed real time is that time multiplied by the time scale in the emulated run. Call before {@link #attach}.
     */
    void retryAtOnce() {
        retryAtOnce = true;
    }

    /**
     * Emulation setting: this node, as a victim, pays {@code emulated} ("Late answers" above). Call before
     * {@link #attach}; {@link #closeLateAnswers} when the node ends.
     */
    void emulate(EmulatedCosts emulated, String nodeName) {
        this.costs = emulated;
        if (emulated.any() && lateAnswers == null) {
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
    void closeLateAnswers() {
        ScheduledThreadPoolExecutor timer = lateAnswers;
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    @Override
    public boolean retryAtOnce(int workerIndex) {
        boolean[] ended = roundTripEnded;
        return ended != null && workerIndex < ended.length && ended[workerIndex];
    }

    /** The policy's {@code StealRequests} service: remembered, sent by the caller of the policy after it returns. */
    void request(int victim, StealMode mode) {
        toSend.add(new Request(victim, mode));
    }

    /**
     * Steal requests tell victims how far this node's replicas are, and a job holding a shared object goes only to a
     * thief that has its replica (set by the node before its first message: see {@link SharedReferences}).
     */
    void share(SharedReferences references) {
        this.sharedReferences = references;
    }

    /** No more steal requests (the run is over); pending replies are still answered. */
    void stop() {
        stopped = true;
    }

    /** Undoes {@link #stop} and {@link #beginLeave}: a leaving node became the master, it stays in the run. */
    void resume() {
        leaving = false;
        stopped = false;
    }

    /**
     * This node is leaving the run: from now on it sends no new steal request (one in flight is still awaited, and
     * the job it brings still runs) but still gives jobs to thieves. See {@code GracefulLeave}.
     */
    void beginLeave() {
        leaving = true;
    }

    /**
     * Whether this node holds nothing of another node and waits for nothing from one: no job from elsewhere queued or
     * running, no steal request awaiting its reply, no job of its own out with a thief. Exact once
     * {@link #beginLeave} and then {@link #stop} have been called and it returned true: nothing can arrive any more.
     */
    boolean holdsNothing() {
        if (!arrived.isEmpty() || !syncReplies.isEmpty() || !asyncReplies.isEmpty() || !exported.isEmpty()) {
            return false;
        }
        synchronized (running) {
            return running.isEmpty();
        }
    }

    /**
     * Stops ({@code on} true) or restarts the sending of steal requests from this node: the program paused or resumed
     * load balancing ({@code SatinObject.pause()}). Jobs that already arrived are still handed out, and requests from
     * other nodes are still answered (they stop too, once the pause reaches them).
     */
    void paused(boolean on) {
        paused = on;
    }

    // ---- thief side ----

    @Override
    public InvocationRecord poll(int workerIndex) {
        return poll(workerIndex, () -> false);
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted) {
        return poll(workerIndex, unwanted, true);
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted, boolean inSync) {
        if (recovery != null) {
            recovery.tick();
        }
        InvocationRecord own = unshippable.poll();
        if (own != null) {
            return own;
        }
        boolean[] ended = roundTripEnded;
        if (ended != null && workerIndex < ended.length) {
            ended[workerIndex] = false;
        }
        InvocationRecord job = takeArrived();
        if (job != null || stopped || paused || policy == null || !stealing.compareAndSet(false, true)) {
            return job;
        }
        try {
            if (inFlight == null && !leaving) {
                List<Request> requests;
                synchronized (policyLock) {
                    toSend.clear();
                    policy.onIdle();
                    requests = List.copyOf(toSend);
                }
                for (Request r : requests) {
                    if (r.mode == StealMode.SYNCHRONOUS) {
                        if (inFlight != null) {
                            throw new IllegalStateException("the steal policy asked for two synchronous requests at once");
                        }
                        inFlight = sendSynchronously(r.victim, inSync);
                    } else {
                        long id = ids.incrementAndGet();
                        asyncReplies.put(id, r.victim);
                        if (!sendStealRequest(r.victim, r.mode, id, inSync) && asyncReplies.remove(id) != null) {
                            synchronized (policyLock) {
                                policy.onReply(r.victim, r.mode, false);
                            }
                        }
                    }
                }
            }
            boolean answered = false;
            if (inFlight != null) {
                awaitReply(inFlight, unwanted);
                answered = inFlight == null;
            }
            InvocationRecord arrivedJob = takeArrived();
            if (arrivedJob == null && answered && ended != null && workerIndex < ended.length) {
                ended[workerIndex] = true;
            }
            return arrivedJob;
        } catch (IOException e) {
            fail(e);
            return null;
        } finally {
            stealing.set(false);
        }
    }

    /**
     * The oldest job in {@link #arrived}, now this node's to run or to relay: taken and entered in {@link #running}
     * under one lock, so that orphansOf finds every job from another node here in one of the two places; null when
     * none waits.
     */
    private InvocationRecord takeArrived() {
        return takeArrived(false);
    }

    /** As {@link #takeArrived()}; {@code forThief}: the oldest relayable one. */
    private InvocationRecord takeArrived(boolean forThief) {
        if (arrived.isEmpty()) {
            return null;
        }
        synchronized (running) {
            Arrival a = forThief ? removeFirstArrival(Arrival::relayable) : arrived.poll();
            if (a == null) {
                return null;
            }
            Origin origin = a.origin;
            if (recovery != null) {
                // its identity as it was spawned, before it runs and perhaps changes its arguments
                origin = new Origin(origin.node, origin.jobId, ArgumentDigest.of(a.record), System.nanoTime());
            }
            running.put(a.record, origin);
            return a.record;
        }
    }

    private SyncRequest sendSynchronously(int victim, boolean inSync) throws IOException {
        SyncRequest request = new SyncRequest(victim, ids.incrementAndGet(),
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        syncReplies.put(request.id, request);
        if (!sendStealRequest(victim, StealMode.SYNCHRONOUS, request.id, inSync)) {
            request.reply.complete(false); // the victim is gone: no job
        }
        return request;
    }

    /**
     * Waits for the reply to the request in flight, until it comes (then the request is done and the policy told),
     * the caller no longer needs a job (the request stays in flight for the next poll), or the request's deadline
     * passes (a failure of the run).
     */
    private void awaitReply(SyncRequest request, BooleanSupplier unwanted) throws IOException {
        long start = System.nanoTime();
        request.waiter = Thread.currentThread();
        try {
            while (!request.reply.isDone()) {
                if (unwanted.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                    return;
                }
                long left = request.deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    throw new IOException("node " + request.victim + " did not answer a steal request within "
                            + timeoutMillis + " ms");
                }
                LockSupport.parkNanos(this, left);
            }
        } finally {
            request.waiter = null;
            stealWaitNanos.add(System.nanoTime() - start);
        }
        inFlight = null;
        syncReplies.remove(request.id);
        boolean gotJob = request.reply.join();
        synchronized (policyLock) {
            policy.onReply(request.victim, StealMode.SYNCHRONOUS, gotJob);
        }
    }

    /**
     * Sends a steal request; false when the victim is gone (then no reply comes). {@code inSync}: the asking worker
     * waits in a sync, so the victim hands it no re-execution of lost work (see {@link WorkerPool#stealForExport}).
     */
    private boolean sendStealRequest(int victim, StealMode mode, long requestId, boolean inSync) throws IOException {
        boolean wide = remoteCluster.test(victim);
        (wide ? interAttempts : intraAttempts).increment();
        if (timeline != null) {
            long now = System.nanoTime();
            timeline.add(Track.STEAL_SENT, now, now, requestId,
                    (long) victim << 2 | (wide ? 2 : 0) | (mode == StealMode.SYNCHRONOUS ? 1 : 0));
        }
        SharedReferences shared = sharedReferences;
        long applied = shared == null ? -1 : shared.position(); // read before sending: the thief has at least this
        return send(victim, new Message.StealRequest(self, requestId, mode == StealMode.SYNCHRONOUS, applied, inSync));
    }

    /**
     * Sends to a peer. With fault tolerance, a peer that is gone (dead, or its link broke: then it is treated as
     * dead from here on) makes this return false instead of failing the run; without, it throws.
     */
    private boolean send(int peer, Message message) throws IOException {
        return send(peer, message, null);
    }

    /** {@link #send(int, Message)}; {@code onUnwritten} is told when a reply's job could not be written. */
    private boolean send(int peer, Message message, Peers.OnUnwritten onUnwritten) throws IOException {
        return send(peer, message, onUnwritten, null);
    }

    /** {@link #send(int, Message, Peers.OnUnwritten)}; {@code written} is told the message's size once written. */
    private boolean send(int peer, Message message, Peers.OnUnwritten onUnwritten,
            java.util.function.LongConsumer written) throws IOException {
        if (recovery == null) {
            peers.send(peer, message, onUnwritten, written);
            return true;
        }
        if (recovery.isDead(peer)) {
            return false;
        }
        try {
            peers.send(peer, message, onUnwritten, written);
            return true;
        } catch (IOException e) {
            recovery.linkBroken(peer, e);
            return false;
        }
    }

    @Override
    public void finished(InvocationRecord record, Throwable failure) {
        if (unshippable.finished(record, failure, pool)) {
            return;
        }
        Origin origin;
        synchronized (running) {
            origin = running.remove(record);
        }
        if (origin == null) {
            fail(new IllegalStateException("finished a job that did not come from another node: " + record));
            return;
        }
        synchronized (foreign) {
            foreign.remove(origin.ref());
        }
        try {
            KeptResults.Entry keep = recovery == null ? null : kept.entry(origin.node, origin.key,
                    new SalvagedResults.Outcome(failure == null ? record.boxedResult() : null, failure,
                            System.nanoTime() - origin.startNanos));
            boolean sent = send(origin.node, new Message.Result(self, origin.jobId,
                    Outcome.of(failure == null ? record.boxedResult() : null, failure)), null,
                    keep == null ? null : keep::sized);
            if (keep != null) {
                if (!sent) {
                    // an orphan: its owner is gone, its result is kept for the re-execution of the owner's lost work
                    recovery.salvage(origin.key, keep.outcome, true);
                } else {
                    kept.keep(keep);
                }
            }
        } catch (IOException e) {
            if (!(failure instanceof satin.contract.Aborted)) {
                fail(e);
            }
            // else nobody waits for an aborted job: its owner's sync did not, and the run may be over already (the
            // owner's main returned and its node closed its port before this job noticed the abort)
        }
    }

    /** Sends a salvaged outcome to node {@code peer} (see {@link CrashRecovery}). */
    @Override
    public void sendSalvaged(int peer, long key, SalvagedResults.Outcome outcome) throws IOException {
        send(peer, new Message.Salvage(self, key, outcome.workNanos(), Outcome.of(outcome.result(), outcome.failure())));
    }

    /**
     * Tells node {@code peer} that this node will not deliver the orphan {@code key} it announced: a SALVAGE whose
     * outcome is "cannot come from here" ({@link Outcome.Rerun}).
     */
    @Override
    public void sendWithdrawn(int peer, long key) throws IOException {
        send(peer, new Message.Salvage(self, key, 0,
                new Outcome.Rerun("withdrawn: the job's origin and the node it was relayed to are gone")));
    }

    /** Sends a message to a peer unless it is gone; for {@link CrashRecovery}. */
    @Override
    public boolean sendIfAlive(int peer, Message message) throws IOException {
        return send(peer, message);
    }

    /**
     * The owner aborted {@code record}: if it went to another node, ask that node to cancel it. Called on a worker
     * thread; the send does not wait for the thief.
     */
    @Override
    public void abort(InvocationRecord record) {
        ExportLedger.Export to = exported.target(record);
        if (to == null) {
            return; // not exported (a local thief notices by itself), or its result is already back
        }
        try {
            // false when the thief is gone: its jobs are requeued, not aborted
            send(to.thief(), new Message.Abort(self, to.jobId()));
        } catch (IOException e) {
            fail(e);
        }
    }

    /**
     * An ABORT from a job's owner: cancel the job if it is here, else remember it for its arrival. Runs on the
     * transport's thread (see the class comment, Abort): it must never wait, and does not.
     */
    void onAbort(Message.Abort m) throws IOException {
        JobRef origin = new JobRef(m.from(), m.jobId());
        InvocationRecord job;
        synchronized (foreign) {
            job = foreign.get(origin);
            if (job == null) {
                earlyAborts.add(origin);
                if (earlyAborts.size() > 4096) {
                    earlyAborts.remove(earlyAborts.iterator().next());
                }
                return;
            }
        }
        pool.abortForeign(job);
        if (relayed.contains(job)) {
            // relayed to a thief of this node ({@link #relayArrived}): the abort travels on, as for a job of this
            // node. The mark above comes first, so a relay whose export is not yet registered sees the job aborted
            // when it checks before shipping (onStealRequest); the send never waits: sends from an upcall overdraw
            // credit, and Peers' outbox never waits for another thread.
            abort(job);
        }
    }

    // ---- message handlers (upcall thread) ----

    void onStealRequest(Message.StealRequest m) throws IOException {
        int thief = m.from();
        long requestId = m.requestId();
        boolean mode = m.synchronous();
        long thiefApplied = m.sharedApplied();
        boolean thiefInSync = m.inSync();
        ScheduledThreadPoolExecutor timer = lateAnswers;
        long delay = timer == null ? 0 : costs.answerDelayNanos(remoteCluster.test(thief),
                mode ? StealMode.SYNCHRONOUS : StealMode.ASYNCHRONOUS);
        if (delay > 0) {
            try {
                timer.schedule(() -> answerLate(thief, requestId, mode, thiefApplied, thiefInSync), delay,
                        TimeUnit.NANOSECONDS);
                return;
            } catch (RejectedExecutionException e) {
                // the node has ended (closeLateAnswers): answer as every request after stop, at once
            }
        }
        answer(thief, requestId, mode, thiefApplied, thiefInSync);
    }

    /** A held request taken up on the timer thread ("Late answers"); a failure to answer ends the run, as on the upcall thread. */
    private void answerLate(int thief, long requestId, boolean mode, long thiefApplied, boolean thiefInSync) {
        try {
            answer(thief, requestId, mode, thiefApplied, thiefInSync);
        } catch (IOException | RuntimeException e) {
            if (!stopped) {
                fatal.accept(e);
            }
        }
    }

    /** Takes up a steal request: takes a job (or finds none) and replies, on the upcall thread or the late-answer timer. */
    private void answer(int thief, long requestId, boolean mode, long thiefApplied, boolean thiefInSync)
            throws IOException {
        WorkerPool workers = pool;
        boolean giving = !(stopped || workers == null || (recovery != null && recovery.isDead(thief)));
        InvocationRecord own = giving ? workers.stealForExport(!thiefInSync) : null;
        InvocationRecord job = own != null || !giving ? own : relayArrived();
        boolean relay = job != null && own == null;
        long jobId = job == null ? -1 : ids.incrementAndGet();
        if (job != null) {
            exported.export(jobId, job, thief, System.nanoTime());
            jobsExported.increment();
            if (recovery != null && recovery.isDead(thief)) {
                // it died between the check above and the put: CrashRecovery's scan may have missed this job
                lostWith(thief).forEach(r -> recovery.requeueNow(r, thief));
                return;
            }
        }
        boolean reExecution = job != null && WorkerPool.isReExecution(job);
        if (job != null && WorkerPool.isAborted(job)) { // aborted while the request took it: not shipped
            exported.claim(jobId);
            jobsExported.decrement();
            completeExported(job, null, satin.contract.Aborted.INSTANCE);
            job = null;
        }
        boolean replied;
        try {
            replied = sendReply(thief, requestId, mode, job == null ? null
                    : new ShippedJob(job, jobId, reExecution, thiefApplied), relay);
        } catch (IOException e) {
            if (!stopped || job != null) {
                throw e;
            }
            // This node's run is over and its send ports are closed (or closing) while a peer, whose own end comes a
            // moment later, still asks for work: the "no job" cannot go, and need not (the peer's request ends with
            // its run). The normal end of a run without fault tolerance, where a failed send is otherwise an error.
            log.debug("node {}: no reply to node {}'s steal request: this node's run is over ({})", self, thief,
                    e.getMessage());
            return;
        }
        if (!replied && job != null) {
            lostWith(thief).forEach(r -> recovery.requeueNow(r, thief));
        }
    }

    /**
     * Removes and returns the oldest job in {@link #arrived} that {@code which} accepts, or null. The caller holds
     * {@link #running}, as every removal from {@link #arrived} does, so the job found is still there to remove.
     */
    private Arrival removeFirstArrival(Predicate<Arrival> which) {
        for (Arrival a : arrived) {
            if (which.test(a) && arrived.remove(a)) {
                return a;
            }
        }
        return null;
    }

    /**
     * Sends the STEAL_REPLY to a request: {@code job} (null: none); false: the thief is gone. A job that cannot be
     * written (see {@link Codec#write}) goes back: a relayed one to the arrived jobs, another runs here.
     */
    private boolean sendReply(int thief, long requestId, boolean mode, ShippedJob job, boolean relay)
            throws IOException {
        return send(thief, new Message.StealReply(self, requestId, mode, job), unwritten -> {
            InvocationRecord record = unwritten.job().record();
            if (exported.claim(unwritten.job().jobId()) == null) {
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
                    unshippable.keep(record, e.getMessage(), "could not move to node " + thief);
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
        });
    }

    void onStealReply(Message.StealReply m) throws IOException {
        int victim = m.from();
        long requestId = m.requestId();
        StealMode mode = m.synchronous() ? StealMode.SYNCHRONOUS : StealMode.ASYNCHRONOUS;
        InvocationRecord job = m.job() == null ? null : m.job().record(); // shared objects: this node's replicas
        long jobId = m.job() == null ? -1 : m.job().jobId();
        boolean reExecution = m.job() != null && m.job().reExecution();
        boolean gotJob = job != null;
        if (timeline != null) {
            long now = System.nanoTime();
            timeline.add(Track.STEAL_REPLY, now, now, requestId, (long) victim << 1 | (gotJob ? 1 : 0));
        }
        if (gotJob && reExecution) {
            WorkerPool.markReExecution(job); // it looks up its spawns too
        }
        if (gotJob) {
            (remoteCluster.test(victim) ? interSuccesses : intraSuccesses).increment();
            Origin origin = new Origin(victim, jobId, 0, 0);
            boolean early;
            synchronized (foreign) {
                foreign.put(origin.ref(), job);
                early = earlyAborts.remove(origin.ref());
            }
            if (early) {
                pool.abortForeign(job); // still runs through a worker, which sees it aborted and answers at once
            }
            // A synchronous reply's job is its waiting worker's: relayed in the moment before that worker wakes, it
            // would cross the wide area twice and leave the worker's successful steal with nothing (seen: a 2-node RS
            // run whose thief handed its only stolen job straight back to its idle owner and ran no job at all).
            arrived.add(new Arrival(job, origin, mode != StealMode.SYNCHRONOUS));
            if (mode != StealMode.SYNCHRONOUS) {
                pool.externalWorkArrived(); // nobody waits for this reply: wake a parked worker to take the job
            }
        }
        if (mode == StealMode.SYNCHRONOUS) {
            SyncRequest request = syncReplies.get(requestId);
            if (request != null) {
                request.reply.complete(gotJob);
                Thread waiter = request.waiter;
                if (waiter != null) {
                    LockSupport.unpark(waiter);
                }
            }
        } else if (recovery == null || asyncReplies.remove(requestId) != null) {
            synchronized (policyLock) {
                policy.onReply(victim, mode, gotJob);
            }
        }
    }

    void onResult(Message.Result m) throws IOException {
        int from = m.from();
        Outcome outcome = m.outcome();
        InvocationRecord job = takeExported(m.jobId(), from);
        if (job == null) {
            return;
        }
        if (outcome instanceof Outcome.Lost lost) {
            if (recovery != null) {
                recovery.handedBack(job, lost.deadThief()); // the relay had passed it on to a node that died
            }
        } else if (outcome instanceof Outcome.Rerun rerun) {
            if (relayed.contains(job)) {
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
     * relayed one ({@link #relayArrived}) has its outcome sent on to the node it came from, as if it had run here.
     */
    private void completeExported(InvocationRecord job, Object result, Throwable failure) {
        if (relayed.remove(job)) {
            if (failure == null) {
                job.boxedResult(result);
            }
            finished(job, failure);
        } else {
            pool.completeExported(job, result, failure);
        }
    }

    /**
     * For a thief when no worker here has a queued job: the oldest job that arrived in an asynchronous steal reply (or
     * was put back after a relay) and has not started, or null. Such a job waits in {@link #arrived} until this node's
     * workers run out of work, which for a node busy with a long subtree (a slow node, or a CRS node whose wide-area
     * reply came while it worked on a local job) can be most of the run: the paper's CRS queues that job in the node's
     * work queue, where thieves find it, and so does the simulator. Measured before (GridLab by night, 40 nodes, CRS):
     * 1,218 of the 1,632 jobs that wide-area replies brought arrived while their node was busy and waited 89 paper
     * seconds on average, up to 580 s, before it ran them (virtual-work/README.md). The job goes out as this node's
     * export; its thief's result completes it here and goes on to its origin ({@link #completeExported}). Should its
     * thief be lost, it comes back to {@link #arrived} ({@link #lostWith}), not into this node's requeue: its owner is
     * elsewhere.
     */
    private InvocationRecord relayArrived() {
        InvocationRecord job = takeArrived(true);
        if (job != null) {
            relayed.add(job);
        }
        return job;
    }

    /** A relayed job that could not go to its thief (or whose result could not come back) waits here again. */
    private void putBack(InvocationRecord job) {
        relayed.remove(job);
        synchronized (running) { // in one of the two places at every moment, for orphansOf (see takeArrived)
            arrived.add(new Arrival(job, running.remove(job), true));
        }
        pool.externalWorkArrived();
    }

    /**
     * The exported record a RESULT from {@code from} answers, forgotten here; null when the run survives crashes
     * and the job was given up for lost (its thief was declared dead) and run again here: never completed twice.
     */
    private InvocationRecord takeExported(long jobId, int from) throws IOException {
        ExportLedger.Export job = exported.claim(jobId);
        if (job == null) {
            if (recovery != null) {
                return null;
            }
            throw new IOException("node " + from + " returned a result for unknown job " + jobId);
        }
        return job.record();
    }

    /** A SALVAGE message: an orphan's outcome, kept for re-executions (see {@link CrashRecovery}). */
    void onSalvage(Message.Salvage m) {
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

    // ---- crashes (called by CrashRecovery) ----

    /** Salvages the results sent to {@code owner}, which is gone (see {@link KeptResults}). */
    @Override
    public void salvageKept(int owner) {
        kept.take(owner, k -> recovery.salvage(k.key, k.outcome, false));
    }

    /** The results kept for their owners' crash (see {@link KeptResults}): how many were given up, and their bytes. */
    long keptDropped() {
        return kept.droppedResults();
    }

    long keptDroppedBytes() {
        return kept.droppedBytes();
    }

    /**
     * Removes and returns the jobs of this node handed to {@code thief}, with the time it held them summed into
     * {@code held}; jobs relayed to it ({@link #relayArrived}) go back to {@link #arrived} instead.
     */
    @Override
    public List<InvocationRecord> lostWith(int thief) {
        return lostWith(thief, false);
    }

    /**
     * As {@link #lostWith(int)}; with {@code keepRelayed}, the jobs relayed to the thief are returned too, for
     * {@link #takeBack} once the recovery round has ended (another node may run such a job as an orphan: the dead
     * thief may have relayed it on), rather than put back at once.
     */
    @Override
    public List<InvocationRecord> lostWith(int thief, boolean keepRelayed) {
        List<InvocationRecord> lost = new ArrayList<>();
        List<InvocationRecord> relayedLost = new ArrayList<>();
        long now = System.nanoTime();
        for (ExportLedger.Export e : exported.claimAllOf(thief)) {
            (relayed.contains(e.record()) && !keepRelayed ? relayedLost : lost).add(e.record());
            lostWorkNanos.add(now - e.sentNanos());
        }
        relayedLost.forEach(this::putBack); // another node's job: run or relayed again, its result goes to its owner
        return lost;
    }

    /**
     * Takes back a job lost with its thief {@code deadThief} (-1: not known), once the recovery round has ended. This
     * node's own job goes through {@link WorkerPool#takeBack}, which looks it up by its own identity first (the dead
     * thief may have relayed it to a live node, which computes it as an orphan), after dropping an unstarted copy of
     * it that came back here through the dead thief ({@link #dropUnstartedCopy}). A job this node had relayed to the
     * thief ({@link #relayArrived}) goes back to the node it came from ({@link #sendHome}), which takes it back as its
     * own; when that node is gone too, the job is an orphan of that node's, announced as computed here, and is
     * withdrawn instead ({@link CrashRecovery#withdraw}): whoever re-executes the work it belongs to runs it there.
     * Returns whether the job was taken back here (false: handed back or withdrawn).
     *
     * <p><b>Why a relayed job is not run here (issue 11, traced).</b> Here the job R is an arrival like any other, and
     * any worker takes arrivals up, inside any sync: in the sync of an orphan O of R that this node had stolen from
     * the dead thief (R's child, say), R's re-execution spawned O's call again and waited for O, which sat below it
     * on the same stack, until {@code Worker.reclaim}'s bound ran O a second time; O's own result, salvaged 1-2 s
     * later, was asked for by nobody. That happened in 5 of 12 traced runs of {@code MultiNodeFaultsTest}'s orphan
     * case, in 1 of which nothing at all was reused (the test's failure, about 1 run in 10). At its origin R is a record of a job there (or
     * goes on home), where the rule for requeued records holds ({@code Worker}, "Who takes up a requeued record"):
     * only an idle worker, an idle thief, or the sync of an ancestor of R takes it up, and none of those holds a
     * descendant of R.
     */
    @Override
    public boolean takeBack(InvocationRecord record, int deadThief) {
        if (!relayed.contains(record)) {
            dropUnstartedCopy(record);
            pool.takeBack(record);
            return true;
        }
        Origin origin;
        synchronized (running) {
            origin = running.get(record);
        }
        if (origin != null && !recovery.isDead(origin.node) && sendHome(record, origin, deadThief)) {
            return false;
        }
        forgetRelayed(record, origin);
        recovery.withdraw(origin != null ? origin.key : ArgumentDigest.of(record));
        return false;
    }

    /**
     * Hands a relayed job lost with {@code deadThief} back to the node it came from: a RESULT with failure class
     * {@link Outcome.Lost} (then {@link #onResult} there takes it back, through {@link CrashRecovery#handedBack}), and
     * this node forgets it. Returns false when that node is gone.
     */
    private boolean sendHome(InvocationRecord record, Origin origin, int deadThief) {
        boolean sent;
        try {
            sent = send(origin.node, new Message.Result(self, origin.jobId, new Outcome.Lost(deadThief)));
        } catch (IOException e) {
            sent = false;
        }
        if (sent) {
            forgetRelayed(record, origin);
        }
        return sent;
    }

    /** A relayed job lost with its thief leaves this node: no longer relayed, running or addressable by an ABORT. */
    private void forgetRelayed(InvocationRecord record, Origin origin) {
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

    /**
     * Drops a copy of {@code record} (the same call: the same identity) that came back to this node through the dead
     * thief and waits here unstarted: then the record itself is taken back instead of waiting for the copy. The thief
     * can relay the job it stole from this node back to this node (a relay passes arrived jobs on, to any thief); the
     * copy's origin is the dead thief, so it is an orphan announced as computed here, and the record taken back would
     * wait for it, possibly in the sync of the only worker that could take it up (traced: the record ran after the
     * wait's bound and the copy after it, 1.5-2.1 s of work done twice). The copy is withdrawn everywhere
     * ({@link CrashRecovery#withdraw}): nothing waits for it any more, and what did is taken back again (it waits for
     * another node that computes the call, if one does, or runs).
     */
    private void dropUnstartedCopy(InvocationRecord record) {
        long key = ArgumentDigest.of(record);
        Arrival copy;
        synchronized (running) {
            copy = removeFirstArrival(a -> recovery.isDead(a.origin.node) && ArgumentDigest.of(a.record) == key);
        }
        if (copy == null) {
            return;
        }
        synchronized (foreign) {
            foreign.remove(copy.origin.ref());
        }
        recovery.withdraw(key);
    }

    /**
     * A record of this node, or one relayed through it, that waited for a salvaged outcome gets it: the former
     * completes here, the latter's outcome goes on to its origin (see {@link #completeExported}).
     */
    @Override
    public void completeSalvaged(InvocationRecord record, Object result, Throwable failure) {
        completeExported(record, result, failure);
    }

    /** Jobs of this node that other nodes run now (handed out, result not back). */
    int exportedCount() {
        return exported.size();
    }

    /** The identities of the jobs here (running or received) that came from {@code owner}: orphans once it is gone. */
    @Override
    public List<Long> orphansOf(int owner) {
        List<Long> keys = new ArrayList<>();
        synchronized (running) {
            for (Origin o : running.values()) {
                if (o.node == owner) {
                    keys.add(o.key);
                }
            }
            // received but not yet taken by a worker (a busy node's asynchronous steal reply): orphans too, whose
            // results will be salvaged; announced now, so that the re-execution waits for them instead of running them
            for (Arrival a : arrived) {
                if (a.origin.node == owner) {
                    keys.add(ArgumentDigest.of(a.record)); // not run yet: its arguments are as spawned
                }
            }
        }
        return keys;
    }

    /** Ends every steal request waiting for a reply from {@code victim}, as "no job". */
    @Override
    public void victimGone(int victim) {
        for (SyncRequest r : syncReplies.values()) {
            if (r.victim == victim) {
                r.reply.complete(false);
                Thread waiter = r.waiter;
                if (waiter != null) {
                    LockSupport.unpark(waiter);
                }
            }
        }
        asyncReplies.entrySet().removeIf(e -> {
            if (e.getValue() != victim) {
                return false;
            }
            synchronized (policyLock) {
                policy.onReply(victim, StealMode.ASYNCHRONOUS, false);
            }
            return true;
        });
    }

    WorkerPool pool() {
        return pool;
    }

    private void fail(Throwable t) {
        if (!stopped) {
            fatal.accept(t);
        }
    }
}
