package satin.runtime.node.steal;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.contract.InvocationRecord;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.LocalWork;
import satin.runtime.spawn.WorkerPool;
import satin.runtime.timeline.Track;

/**
 * The thief side of stealing between nodes: asking other nodes for work, taking in what they send, and sending the
 * results of their jobs home.
 *
 * <h2>Asking</h2>
 * A worker that found no work on any deque of its node calls {@link #poll}. Jobs that arrived in steal replies wait in
 * the ledger; one is handed out if present. Otherwise one worker at a time (the node's single "idle loop", as in the
 * paper where a node is one thread; the holder of {@link #stealing}) drives the {@link StealPolicy} (RS or CRS): the
 * policy's {@code onIdle} names the requests to send; a synchronous request keeps that worker waiting for its reply,
 * an asynchronous one (CRS's wide-area steal) is answered by the upcall thread, which queues the job and tells the
 * policy. Other idle workers meanwhile get {@code null} and back off.
 *
 * <p>The synchronous request in flight ({@link #inFlight}) belongs to the node, not to the worker that sent it. A
 * worker stops waiting for its reply as soon as it no longer needs a job (the record its {@code sync} waits for
 * completed: it must not sit out a wide-area round trip then), and leaves the request in flight; the next poll, by
 * any worker, waits for the same reply instead of asking the policy, so the policy still sees one request and one
 * reply. The reply handler queues the job whoever waits, so a job that comes after its requester left still runs. The
 * reply's deadline is the request's: the run's timeout after it was sent. Waking: the waiter publishes itself
 * ({@link SyncRequest#waiter}, volatile) and then checks the reply; the handler completes the reply and then reads the
 * waiter and unparks it; as volatile accesses these cannot both miss.
 *
 * <h2>Threads</h2>
 * Workers poll and finish jobs; the upcall thread handles STEAL_REPLY ({@link #onStealReply}); crash recovery ends
 * the requests to a dead victim ({@link #victimGone}). The policy is not thread-safe: every call into it holds
 * {@link #policyLock}; messages are never sent while holding it. {@link #inFlight} is read and written only by the
 * holder of {@link #stealing}.
 */
public final class Thief {

    private record Request(int victim, StealMode mode) {
    }

    /**
     * A synchronous steal request: its reply (whether it brought a job; the first completion counts, as the reply and
     * the victim's death may both complete it) and the thread waiting for it, if any.
     */
    private static final class SyncRequest {
        private static final int PENDING = 0;
        private static final int NO_JOB = 1;
        private static final int GOT_JOB = 2;
        private static final VarHandle REPLY;

        static {
            try {
                REPLY = MethodHandles.lookup().findVarHandle(SyncRequest.class, "reply", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final int victim;
        final long id;
        final long deadlineNanos;
        private volatile int reply;
        volatile Thread waiter;

        SyncRequest(int victim, long id, long deadlineNanos) {
            this.victim = victim;
            this.id = id;
            this.deadlineNanos = deadlineNanos;
        }

        void complete(boolean gotJob) {
            REPLY.compareAndSet(this, PENDING, gotJob ? GOT_JOB : NO_JOB);
        }

        boolean isDone() {
            return reply != PENDING;
        }

        boolean gotJob() {
            return reply == GOT_JOB;
        }
    }

    private final int self;
    /** Whether a node is in another cluster than this one (a wide-area steal). */
    private final IntPredicate remoteCluster;
    private final Link link;
    private final StealLedger ledger;
    private final Gate gate;
    private final UnshippableJobs unshippable;
    private final AtomicLong ids;
    private final long timeoutMillis;
    private final Consumer<Throwable> fatal;
    /** The node's {@code steals} row of its timeline, or null. */
    private final Track timeline;
    /** A job's identity across nodes, or null without fault tolerance. */
    private final ToLongFunction<InvocationRecord> identity;
    private final Object policyLock = new Object();
    private StealPolicy policy;
    /**
     * The requests the policy names during one call into it ({@link #request}); {@link #sending} is the other of the
     * two lists, the one the poll sends from after the call (swapped, not copied: a poll allocates no list). Both
     * under {@link #policyLock}.
     */
    private List<Request> toSend = new ArrayList<>();
    private List<Request> sending = new ArrayList<>();
    private volatile LocalWork pool;
    /** The clock of deadlines and durations: {@link System#nanoTime} in a run, simulated time in the simulation. */
    private final LongSupplier nanoClock;
    /** Asynchronous steal requests awaiting their reply: request id to victim. */
    private final ConcurrentHashMap<Long, Integer> asyncReplies = new ConcurrentHashMap<>();
    /**
     * The synchronous steal request whose reply is awaited, or null: set before the request is sent and cleared after
     * its reply was taken up, by the holder of {@link #stealing} (so it is {@link #inFlight} from its send to its
     * reply; the policy never has two in flight); read by the reply's handler and by {@link #victimGone}.
     */
    private volatile SyncRequest awaited;
    private final AtomicBoolean stealing = new AtomicBoolean();
    /** The synchronous steal request awaiting its reply, or null; read and written only by the holder of stealing. */
    private SyncRequest inFlight;
    /**
     * With {@link #retryAtOnce()}: per worker, whether its last poll ended with an empty reply to the request it
     * waited for. Element i is read and written only by worker i's thread; null when off.
     */
    private volatile boolean[] roundTripEnded;
    private volatile boolean retryAtOnce;
    /** How far this node's replicas are (a steal request says so), or null without shared objects. */
    private volatile LongSupplier sharedPosition;

    public final LongAdder intraAttempts = new LongAdder();
    public final LongAdder intraSuccesses = new LongAdder();
    public final LongAdder interAttempts = new LongAdder();
    public final LongAdder interSuccesses = new LongAdder();
    public final LongAdder stealWaitNanos = new LongAdder();

    public Thief(int self, IntPredicate remoteCluster, Link link, StealLedger ledger, Gate gate, UnshippableJobs unshippable,
            AtomicLong ids, long timeoutMillis, Consumer<Throwable> fatal, Track timeline, LongSupplier nanoClock) {
        this.self = self;
        this.nanoClock = nanoClock;
        this.remoteCluster = remoteCluster;
        this.link = link;
        this.ledger = ledger;
        this.gate = gate;
        this.unshippable = unshippable;
        this.ids = ids;
        this.timeoutMillis = timeoutMillis;
        this.fatal = fatal;
        this.timeline = timeline;
        Losses losses = link.losses();
        this.identity = losses == null ? null : losses::identity;
    }

    /** Completes construction: the policy sends through this object, the pool exists only after the runtime. */
    public void attach(StealPolicy stealPolicy, LocalWork workerPool) {
        synchronized (policyLock) {
            this.policy = stealPolicy;
        }
        if (retryAtOnce) {
            roundTripEnded = new boolean[workerPool.size()];
        }
        this.pool = workerPool;
    }

    /** See {@code ExternalWork.retryAtOnce}: the paper's idle loop, for WAN emulation. Call before {@link #attach}. */
    public void retryAtOnce() {
        retryAtOnce = true;
    }

    public boolean retryAtOnce(int workerIndex) {
        boolean[] ended = roundTripEnded;
        return ended != null && workerIndex < ended.length && ended[workerIndex];
    }

    public void sharedPosition(LongSupplier position) {
        sharedPosition = position;
    }

    /** The policy's {@code StealRequests} service: remembered, sent by the caller of the policy after it returns. */
    public void request(int victim, StealMode mode) {
        toSend.add(new Request(victim, mode));
    }

    /** Whether no steal request of this node awaits its reply. */
    public boolean awaitsNothing() {
        return awaited == null && asyncReplies.isEmpty();
    }

    /**
     * An idle worker looks for work from other nodes (see "Asking"): a job that arrived here, or null. {@code unwanted}
     * is asked only while the synchronous request in flight has no reply yet: true leaves the request in flight for
     * the next poll and returns at once (the seeded simulation, whose worker never parks, says true always and waits
     * for its wake-up instead).
     */
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted, boolean inSync) {
        Losses losses = link.losses();
        if (losses != null) {
            losses.tick();
        }
        InvocationRecord own = unshippable.poll();
        if (own != null) {
            return own;
        }
        boolean[] ended = roundTripEnded;
        if (ended != null && workerIndex < ended.length) {
            ended[workerIndex] = false;
        }
        InvocationRecord job = ledger.takeArrived();
        if (job != null || gate.stopped() || gate.paused() || policy == null || !stealing.compareAndSet(false, true)) {
            return job;
        }
        try {
            if (inFlight == null && !gate.leaving()) {
                List<Request> requests;
                synchronized (policyLock) {
                    toSend.clear();
                    policy.onIdle();
                    requests = toSend;
                    toSend = sending;
                    sending = requests;
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
            InvocationRecord arrivedJob = ledger.takeArrived();
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

    private SyncRequest sendSynchronously(int victim, boolean inSync) throws IOException {
        SyncRequest request = new SyncRequest(victim, ids.incrementAndGet(),
                nanoClock.getAsLong() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        awaited = request;
        if (!sendStealRequest(victim, StealMode.SYNCHRONOUS, request.id, inSync)) {
            request.complete(false); // the victim is gone: no job
        }
        return request;
    }

    /**
     * Waits for the reply to the request in flight, until it comes (then the request is done and the policy told),
     * the caller no longer needs a job (the request stays in flight for the next poll), or the request's deadline
     * passes (a failure of the run).
     */
    private void awaitReply(SyncRequest request, BooleanSupplier unwanted) throws IOException {
        long start = nanoClock.getAsLong();
        boolean published = false; // the waiter is published only before a park, as most calls find the reply or leave
        try {
            while (!request.isDone()) {
                if (unwanted.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                    return;
                }
                long left = request.deadlineNanos - nanoClock.getAsLong();
                if (left <= 0) {
                    throw new IOException("node " + request.victim + " did not answer a steal request within "
                            + timeoutMillis + " ms");
                }
                if (!published) {
                    request.waiter = Thread.currentThread(); // then the reply is checked again: see "Asking", waking
                    published = true;
                    if (request.isDone()) {
                        break;
                    }
                }
                LockSupport.parkNanos(this, left);
            }
        } finally {
            if (published) {
                request.waiter = null;
            }
            long waited = nanoClock.getAsLong() - start;
            if (waited != 0) {
                stealWaitNanos.add(waited);
            }
        }
        inFlight = null;
        awaited = null;
        boolean gotJob = request.gotJob();
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
            long now = nanoClock.getAsLong();
            timeline.add(Track.STEAL_SENT, now, now, requestId,
                    (long) victim << 2 | (wide ? 2 : 0) | (mode == StealMode.SYNCHRONOUS ? 1 : 0));
        }
        LongSupplier shared = sharedPosition;
        long applied = shared == null ? -1 : shared.getAsLong(); // read before sending: the thief has at least this
        return link.send(victim, new Message.StealRequest(self, requestId, mode == StealMode.SYNCHRONOUS, applied,
                inSync));
    }

    /** STEAL_REPLY (upcall thread): queue its job, if any, and end the request it answers. */
    public void onStealReply(Message.StealReply m) {
        int victim = m.from();
        long requestId = m.requestId();
        StealMode mode = m.synchronous() ? StealMode.SYNCHRONOUS : StealMode.ASYNCHRONOUS;
        InvocationRecord job = m.job() == null ? null : m.job().record(); // shared objects: this node's replicas
        long jobId = m.job() == null ? -1 : m.job().jobId();
        boolean reExecution = m.job() != null && m.job().reExecution();
        boolean gotJob = job != null;
        if (timeline != null) {
            long now = nanoClock.getAsLong();
            timeline.add(Track.STEAL_REPLY, now, now, requestId, (long) victim << 1 | (gotJob ? 1 : 0));
        }
        if (gotJob && reExecution) {
            WorkerPool.markReExecution(job); // it looks up its spawns too
        }
        if (gotJob) {
            (remoteCluster.test(victim) ? interSuccesses : intraSuccesses).increment();
            // its identity as it was spawned, taken now, before any worker runs it and perhaps changes its arguments
            StealLedger.Origin origin = new StealLedger.Origin(victim, jobId,
                    identity == null ? 0 : identity.applyAsLong(job), 0);
            // A synchronous reply's job is its waiting worker's: relayed in the moment before that worker wakes, it
            // would cross the wide area twice and leave the worker's successful steal with nothing (seen: a 2-node RS
            // run whose thief handed its only stolen job straight back to its idle owner and ran no job at all).
            if (ledger.registerForeign(origin, job, mode != StealMode.SYNCHRONOUS)) {
                pool.abortForeign(job); // still runs through a worker, which sees it aborted and answers at once
            }
            Losses losses = link.losses();
            boolean lateOrphan = losses != null && losses.isDead(victim);
            if (lateOrphan) {
                losses.lateOrphan(victim, origin.key()); // before a worker can take it up, end it and salvage it
            }
            // a re-execution held by recovery is queued by arrived(), once this node knows every orphan the victim
            // knew of when it released the job (its lookups then wait for them instead of running them again)
            boolean held = reExecution && losses != null && !lateOrphan && losses.holdReExecution(job, victim);
            if (!held) {
                ledger.queueArrival(job);
                if (mode != StealMode.SYNCHRONOUS) {
                    pool.externalWorkArrived(); // nobody waits for this reply: wake a parked worker to take the job
                }
            }
        }
        if (mode == StealMode.SYNCHRONOUS) {
            SyncRequest request = awaited;
            if (request != null && request.id == requestId) {
                request.complete(gotJob);
                Thread waiter = request.waiter;
                if (waiter != null) {
                    LockSupport.unpark(waiter);
                }
            }
        } else if (!link.survives() || asyncReplies.remove(requestId) != null) {
            synchronized (policyLock) {
                policy.onReply(victim, mode, gotJob);
            }
        }
    }

    /** A re-execution that crash recovery held on arrival goes to the workers now (see {@link Losses}). A loop step. */
    public void arrived(InvocationRecord job) {
        ledger.queueArrival(job);
        pool.externalWorkArrived(); // its reply's worker, if it waited, has gone: wake a parked one
    }

    /**
     * A job from another node (stolen, or relayed and now back with its outcome) finished here: its result or
     * exception goes to its origin. With fault tolerance the result is also kept for the owner's crash; an owner that
     * is gone already makes it an orphan's result, salvaged for the re-execution of the owner's lost work.
     */
    public void finished(InvocationRecord record, Throwable failure) {
        if (unshippable.finished(record, failure, pool)) {
            return;
        }
        StealLedger.Origin origin = ledger.finished(record);
        if (origin == null) {
            fail(new IllegalStateException("finished a job that did not come from another node: " + record));
            return;
        }
        Losses losses = link.losses();
        try {
            KeptResults.Entry keep = losses == null ? null : ledger.keptEntry(origin.node(), origin.key(),
                    new KeptResults.Outcome(failure == null ? record.boxedResult() : null, failure,
                            nanoClock.getAsLong() - origin.startNanos()));
            boolean sent = link.send(origin.node(), new Message.Result(self, origin.jobId(),
                    Outcome.of(failure == null ? record.boxedResult() : null, failure)), null,
                    keep == null ? null : size -> ledger.sized(keep, size));
            if (keep != null) {
                if (!sent) {
                    // an orphan: its owner is gone, its result is kept for the re-execution of the owner's lost work
                    losses.salvage(origin.key(), keep.outcome, true);
                } else {
                    // handed to the loop, which keeps it, or salvages it when the owner died meanwhile
                    ledger.keep(keep, losses::isDead, k -> losses.salvage(k.key, k.outcome, true));
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

    /** Ends every steal request waiting for a reply from {@code victim}, as "no job". */
    public void victimGone(int victim) {
        SyncRequest r = awaited;
        if (r != null && r.victim == victim) {
            r.complete(false);
            Thread waiter = r.waiter;
            if (waiter != null) {
                LockSupport.unpark(waiter);
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

    private void fail(Throwable t) {
        if (!gate.stopped()) {
            fatal.accept(t);
        }
    }
}
