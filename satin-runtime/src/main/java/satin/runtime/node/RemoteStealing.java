package satin.runtime.node;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import satin.balance.ClusterMap;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.contract.InvocationRecord;
import satin.ipl.ReadMessage;
import satin.ipl.UnregisteredClassException;
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
 * could not be sent back by its thief.
 *
 * <p>The policy is not thread-safe: every call into it holds {@link #policyLock}; messages are never sent
 * while holding it.
 */
final class RemoteStealing implements ExternalWork {
    /** The node's {@code steals} row of its timeline, or null. */
    private final Track timeline;

    private record Request(int victim, StealMode mode) {
    }

    private record Origin(int node, long jobId) {
    }

    private record Arrival(InvocationRecord record, Origin origin) {
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
    private final ClusterMap clusters;
    private final Peers peers;
    private final long timeoutMillis;
    private final Consumer<Throwable> fatal;
    private final Object policyLock = new Object();
    private StealPolicy policy;
    private final List<Request> toSend = new ArrayList<>();
    private volatile WorkerPool pool;

    private final ConcurrentLinkedQueue<Arrival> arrived = new ConcurrentLinkedQueue<>();
    private final Map<InvocationRecord, Origin> running = new IdentityHashMap<>();
    private final ConcurrentHashMap<Long, InvocationRecord> exported = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, SyncRequest> syncReplies = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicBoolean stealing = new AtomicBoolean();
    /** The synchronous steal request awaiting its reply, or null; read and written only by the holder of stealing. */
    private SyncRequest inFlight;
    private volatile boolean stopped;

    final LongAdder intraAttempts = new LongAdder();
    final LongAdder intraSuccesses = new LongAdder();
    final LongAdder interAttempts = new LongAdder();
    final LongAdder interSuccesses = new LongAdder();
    final LongAdder jobsExported = new LongAdder();
    final LongAdder stealWaitNanos = new LongAdder();
    private final UnshippableJobs unshippable;

    RemoteStealing(int self, ClusterMap clusters, Peers peers, long timeoutMillis, Consumer<Throwable> fatal) {
        this(self, clusters, peers, timeoutMillis, fatal,
                new UnshippableJobs("node " + self, RemoteStealing.class.getClassLoader()), null);
    }

    /** Also records every steal request and its reply into {@code timeline} (the node's {@code steals} row; may be null). */
    RemoteStealing(int self, ClusterMap clusters, Peers peers, long timeoutMillis, Consumer<Throwable> fatal,
            UnshippableJobs unshippable, Track timeline) {
        this.unshippable = unshippable;
        this.timeline = timeline;
        this.self = self;
        this.clusters = clusters;
        this.peers = peers;
        this.timeoutMillis = timeoutMillis;
        this.fatal = fatal;
    }

    /** Completes construction: the policy sends through this object, the pool exists only after the runtime. */
    void attach(StealPolicy stealPolicy, WorkerPool workerPool) {
        synchronized (policyLock) {
            this.policy = stealPolicy;
        }
        this.pool = workerPool;
    }

    /** The policy's {@code StealRequests} service: remembered, sent by the caller of the policy after it returns. */
    void request(int victim, StealMode mode) {
        toSend.add(new Request(victim, mode));
    }

    /** No more steal requests (the run is over); pending replies are still answered. */
    void stop() {
        stopped = true;
    }

    // ---- thief side ----

    @Override
    public InvocationRecord poll(int workerIndex) {
        return poll(workerIndex, () -> false);
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted) {
        InvocationRecord own = unshippable.poll();
        if (own != null) {
            return own;
        }
        InvocationRecord job = takeArrived();
        if (job != null || stopped || policy == null || !stealing.compareAndSet(false, true)) {
            return job;
        }
        try {
            if (inFlight == null) {
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
                        inFlight = sendSynchronously(r.victim);
                    } else {
                        sendStealRequest(r.victim, r.mode, ids.incrementAndGet());
                    }
                }
            }
            if (inFlight != null) {
                awaitReply(inFlight, unwanted);
            }
            return takeArrived();
        } catch (IOException e) {
            fail(e);
            return null;
        } finally {
            stealing.set(false);
        }
    }

    private InvocationRecord takeArrived() {
        Arrival a = arrived.poll();
        if (a == null) {
            return null;
        }
        synchronized (running) {
            running.put(a.record, a.origin);
        }
        return a.record;
    }

    private SyncRequest sendSynchronously(int victim) throws IOException {
        SyncRequest request = new SyncRequest(victim, ids.incrementAndGet(),
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        syncReplies.put(request.id, request);
        sendStealRequest(victim, StealMode.SYNCHRONOUS, request.id);
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

    private void sendStealRequest(int victim, StealMode mode, long requestId) throws IOException {
        boolean wide = clusters.clusterOf(victim) != clusters.clusterOf(self);
        (wide ? interAttempts : intraAttempts).increment();
        if (timeline != null) {
            long now = System.nanoTime();
            timeline.add(Track.STEAL_SENT, now, now, requestId,
                    (long) victim << 2 | (wide ? 2 : 0) | (mode == StealMode.SYNCHRONOUS ? 1 : 0));
        }
        peers.send(victim, Tags.STEAL_REQUEST, m -> {
            m.writeInt(self);
            m.writeLong(requestId);
            m.writeByte((byte) mode.ordinal());
        });
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
        try {
            peers.send(origin.node, Tags.RESULT, m -> {
                m.writeLong(origin.jobId);
                writeOutcome(m, failure == null ? record.boxedResult() : null, failure);
            });
        } catch (IOException e) {
            fail(e);
        }
    }

    private void writeOutcome(satin.ipl.WriteMessage m, Object result, Throwable failure) throws IOException {
        m.writeInt(self);
        if (failure == null) {
            try {
                m.writeObject(result);
                m.writeString("");
                return;
            } catch (UnregisteredClassException e) {
                m.writeObject(null);
                m.writeString(Tags.RERUN);
                m.writeString(String.valueOf(e.getMessage()));
                return;
            } catch (IOException e) {
                failure = new IllegalStateException("node " + self + " cannot send a result back: "
                        + e.getMessage(), e);
            }
        }
        m.writeObject(null);
        m.writeString(failure.getClass().getName());
        m.writeString(String.valueOf(failure.getMessage()));
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        m.writeString(trace.toString());
    }

    // ---- message handlers (upcall thread) ----

    void onStealRequest(ReadMessage m) throws IOException {
        int thief = m.readInt();
        long requestId = m.readLong();
        byte mode = m.readByte();
        m.finish();
        WorkerPool workers = pool;
        InvocationRecord job = stopped || workers == null ? null : workers.stealForExport();
        long jobId = job == null ? -1 : ids.incrementAndGet();
        if (job != null) {
            exported.put(jobId, job);
            jobsExported.increment();
        }
        peers.send(thief, Tags.STEAL_REPLY, out -> {
            out.writeInt(self);
            out.writeLong(requestId);
            out.writeByte(mode);
            boolean shipped = false;
            if (job != null) {
                try {
                    out.writeObject(job);
                    shipped = true;
                } catch (UnregisteredClassException e) {
                    exported.remove(jobId);
                    jobsExported.decrement();
                    unshippable.keep(job, e.getMessage(), "could not move to node " + thief);
                } catch (IOException e) {
                    exported.remove(jobId);
                    workers.completeExported(job, null, new IllegalStateException("a stolen job cannot be sent to "
                            + "another node: " + e.getMessage(), e));
                }
            }
            if (!shipped) {
                out.writeObject(null);
            }
            out.writeLong(shipped ? jobId : -1);
        });
    }

    void onStealReply(ReadMessage m) throws IOException {
        int victim = m.readInt();
        long requestId = m.readLong();
        StealMode mode = StealMode.values()[m.readByte()];
        InvocationRecord job = (InvocationRecord) m.readObject();
        long jobId = m.readLong();
        m.finish();
        boolean gotJob = job != null;
        if (timeline != null) {
            long now = System.nanoTime();
            timeline.add(Track.STEAL_REPLY, now, now, requestId, (long) victim << 1 | (gotJob ? 1 : 0));
        }
        if (gotJob) {
            (clusters.clusterOf(victim) == clusters.clusterOf(self) ? intraSuccesses : interSuccesses).increment();
            arrived.add(new Arrival(job, new Origin(victim, jobId)));
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
        } else {
            synchronized (policyLock) {
                policy.onReply(victim, mode, gotJob);
            }
        }
    }

    void onResult(ReadMessage m, ClassLoader loader) throws IOException {
        long jobId = m.readLong();
        int from = m.readInt();
        Object result = m.readObject();
        String failureClass = m.readString();
        Throwable failure = null;
        if (failureClass.equals(Tags.RERUN)) {
            String problem = m.readString();
            m.finish();
            InvocationRecord job = exported.remove(jobId);
            if (job == null) {
                throw new IOException("node " + from + " returned a result for unknown job " + jobId);
            }
            unshippable.keep(job, problem, "ran on node " + from + " but its result could not come back");
            return;
        }
        if (!failureClass.isEmpty()) {
            failure = RemoteFailure.rebuild(failureClass, m.readString(), m.readString(), from, loader);
        }
        m.finish();
        InvocationRecord job = exported.remove(jobId);
        if (job == null) {
            throw new IOException("node " + from + " returned a result for unknown job " + jobId);
        }
        pool.completeExported(job, result, failure);
    }

    private void fail(Throwable t) {
        if (!stopped) {
            fatal.accept(t);
        }
    }
}
