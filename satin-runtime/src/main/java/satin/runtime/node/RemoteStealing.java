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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import satin.balance.ClusterMap;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.contract.InvocationRecord;
import satin.ipl.ReadMessage;
import satin.ipl.UnregisteredClassException;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.spawn.WorkerPool;

/**
 * Work stealing between nodes, the second level below the workers' own stealing inside a node.
 *
 * <h2>Thief side</h2>
 * A worker that found no work on any deque of its node calls {@link #poll}. Jobs that arrived in steal replies
 * wait in {@link #arrived}; one is handed out if present. Otherwise one worker at a time (the node's single
 * "idle loop", as in the paper where a node is one thread) drives the {@link StealPolicy} (RS or CRS): the
 * policy's {@code onIdle} names the requests to send; a synchronous request blocks that worker until its reply
 * (or the run's timeout, which fails the run), an asynchronous one (CRS's wide-area steal) is answered by the
 * upcall thread, which queues the job and tells the policy. Other idle workers meanwhile get {@code null} and
 * back off. When a stolen job has run, {@link #finished} sends its result or exception to its owner.
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

    private record Request(int victim, StealMode mode) {
    }

    private record Origin(int node, long jobId) {
    }

    private record Arrival(InvocationRecord record, Origin origin) {
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
    private final ConcurrentHashMap<Long, CompletableFuture<Boolean>> syncReplies = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicBoolean stealing = new AtomicBoolean();
    private volatile boolean stopped;

    final LongAdder intraAttempts = new LongAdder();
    final LongAdder intraSuccesses = new LongAdder();
    final LongAdder interAttempts = new LongAdder();
    final LongAdder interSuccesses = new LongAdder();
    final LongAdder jobsExported = new LongAdder();
    final LongAdder stealWaitNanos = new LongAdder();
    private final UnshippableJobs unshippable;

    RemoteStealing(int self, ClusterMap clusters, Peers peers, long timeoutMillis, Consumer<Throwable> fatal,
            UnshippableJobs unshippable) {
        this.unshippable = unshippable;
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
        InvocationRecord own = unshippable.poll();
        if (own != null) {
            return own;
        }
        InvocationRecord job = takeArrived();
        if (job != null || stopped || policy == null || !stealing.compareAndSet(false, true)) {
            return job;
        }
        try {
            List<Request> requests;
            synchronized (policyLock) {
                toSend.clear();
                policy.onIdle();
                requests = List.copyOf(toSend);
            }
            for (Request r : requests) {
                if (r.mode == StealMode.SYNCHRONOUS) {
                    stealSynchronously(r.victim);
                } else {
                    sendStealRequest(r.victim, r.mode, ids.incrementAndGet());
                }
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

    private void stealSynchronously(int victim) throws IOException {
        long requestId = ids.incrementAndGet();
        CompletableFuture<Boolean> reply = new CompletableFuture<>();
        syncReplies.put(requestId, reply);
        long start = System.nanoTime();
        boolean gotJob;
        try {
            sendStealRequest(victim, StealMode.SYNCHRONOUS, requestId);
            gotJob = reply.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("node " + victim + " did not answer a steal request within " + timeoutMillis + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            gotJob = false;
        } catch (ExecutionException e) {
            throw new IOException("steal request to node " + victim + " failed: " + e.getCause(), e.getCause());
        } finally {
            syncReplies.remove(requestId);
            stealWaitNanos.add(System.nanoTime() - start);
        }
        synchronized (policyLock) {
            policy.onReply(victim, StealMode.SYNCHRONOUS, gotJob);
        }
    }

    private void sendStealRequest(int victim, StealMode mode, long requestId) throws IOException {
        (clusters.clusterOf(victim) == clusters.clusterOf(self) ? intraAttempts : interAttempts).increment();
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
        if (gotJob) {
            (clusters.clusterOf(victim) == clusters.clusterOf(self) ? intraSuccesses : interSuccesses).increment();
            arrived.add(new Arrival(job, new Origin(victim, jobId)));
        }
        if (mode == StealMode.SYNCHRONOUS) {
            CompletableFuture<Boolean> waiting = syncReplies.get(requestId);
            if (waiting != null) {
                waiting.complete(gotJob);
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
