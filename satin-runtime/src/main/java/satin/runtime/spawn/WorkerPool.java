package satin.runtime.spawn;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.contract.InvocationRecord;
import satin.trace.TraceRecorder;

/**
 * The workers of one runtime and what they share: the victim table, a queue of submitted root jobs, the
 * count of parked workers and the {@link ExternalWork} hook. Nothing here is static: several pools can live
 * in one JVM, and a spawn reaches its pool through the current {@link Worker} thread.
 *
 * <p>The spawn/sync path touches no lock: a push fences, reads {@link #parkedWorkers} (a volatile load) and only
 * when it is not zero scans for a parked worker to unpark.
 *
 * <h2>Parking and waking: the memory-ordering argument</h2>
 * A worker that finds nothing to run backs off and finally parks, always for a bounded time ({@link Backoff}: at
 * most 2 ms). A push must not leave its record unseen by a worker that parks at that moment, or the record waits
 * for the park to time out, once per such push. Pusher and parker form a Dekker-style handshake on two
 * locations, a deque's {@code bottom} and {@link #parkedWorkers}:
 * <ul>
 *   <li>pusher ({@code Worker.spawn}): (P1) stores the new {@code bottom} with release semantics
 *       ({@code WorkStealingDeque.push}); a full fence; (P2) loads {@code parkedWorkers}, and if it is not zero,
 *       unparks a worker whose {@code parked} flag is set ({@link #signalWork()}).</li>
 *   <li>parker ({@code Worker.announceParking}): sets its {@code parked} flag; (W1) increments
 *       {@code parkedWorkers}, a volatile read-modify-write and hence a full fence; (W2) loads every deque's
 *       {@code bottom} and {@code top}, the submissions, its awaited record and the termination flag, and parks
 *       only if none of them gives it something to do.</li>
 * </ul>
 * Each side stores, fences fully, then loads the location the other side stored. Full fences order the four
 * accesses totally: if P2 reads zero, P2 came before W1, so P1 came before W2 and the parker sees the record; if
 * W2 misses the record, W2 came before P1, so W1 came before P2 and the pusher sees the count and unparks. (The
 * {@code parked} flag is written before W1, so a pusher that sees the count also finds the flag.) Without the
 * pusher's fence, P2 may be performed before P1 is visible to other processors: a store followed by a load of
 * another location is exactly the reordering that x86 allows (the store waits in the store buffer), and both
 * sides miss each other. {@code satin-stress}'s {@code ParkSignalStress} runs these two calls against each other
 * and shows that outcome without the fence. {@code java.util.concurrent.ForkJoinPool} fences fully before its
 * {@code signalWork} for the same reason.
 *
 * <p>The fence costs one locked instruction on x86 per <em>queued</em> spawn only: the surplus rule runs most
 * spawns inline, and those neither push nor signal. An unpark that arrives before its target parks is kept as
 * the thread's permit, so the following park returns at once. A wake-up may go to a worker that is just leaving
 * its park: that worker is awake and searches for work itself, and any worker left parked ends its bounded park.
 *
 * <p>The other wake-ups follow the same pattern. A record's completer stores {@code DONE} (volatile) and then loads
 * the waiter's {@code awaited} field (volatile); the waiter stores {@code awaited} (volatile) and then loads the
 * record's state (volatile). Volatile accesses are sequentially consistent, so at least one of them sees the
 * other. {@link #shutdown()} sets {@code terminating} and unparks every worker unconditionally.
 */
public final class WorkerPool {

    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);
    private static final long JOIN_TIMEOUT_MILLIS = TimeUnit.SECONDS.toMillis(30);

    final Worker[] workers;
    final ExternalWork external;
    final AtomicInteger parkedWorkers = new AtomicInteger();
    private final ConcurrentLinkedQueue<InvocationRecord> submissions = new ConcurrentLinkedQueue<>();
    private volatile boolean terminating;
    private final AtomicInteger exportRandom = new AtomicInteger();
    /** Where the spawn tree is recorded, or null. */
    private final TraceRecorder trace;

    /**
     * @param name            prefix of the worker thread names
     * @param size            number of workers (at least 1)
     * @param inlineThreshold a spawn runs inline when its worker already holds this many queued records
     * @param external        where to look for work when all local deques are empty
     */
    public WorkerPool(String name, int size, int inlineThreshold, ExternalWork external) {
        this(name, size, inlineThreshold, external, null);
    }

    /**
     * A pool that records its spawn tree into {@code trace} (when not null): then every spawn is queued, whatever
     * {@code inlineThreshold} says, so that every spawnable call becomes a job of the tree, and the pool accepts
     * one root job.
     */
    public WorkerPool(String name, int size, int inlineThreshold, ExternalWork external, TraceRecorder trace) {
        this(name, size, inlineThreshold, external, trace, null);
    }

    /** A pool whose workers also record their jobs, waits and steals into {@code timeline} (when not null). */
    public WorkerPool(String name, int size, int inlineThreshold, ExternalWork external, TraceRecorder trace,
            satin.runtime.timeline.Timeline timeline) {
        if (size < 1) {
            throw new IllegalArgumentException("a worker pool needs at least one worker, got " + size);
        }
        if (inlineThreshold < 0) {
            throw new IllegalArgumentException("inline threshold must be >= 0, got " + inlineThreshold);
        }
        this.external = Objects.requireNonNull(external, "external");
        this.trace = trace;
        int threshold = trace == null ? inlineThreshold : Integer.MAX_VALUE;
        workers = new Worker[size];
        for (int i = 0; i < size; i++) {
            String workerName = name + "-worker-" + i;
            workers[i] = new Worker(this, i, threshold, workerName, trace,
                    timeline == null ? null : timeline.track(workerName));
        }
    }

    public void start() {
        for (Worker w : workers) {
            w.start();
        }
    }

    /** Number of workers. */
    public int size() {
        return workers.length;
    }

    /** Sets the context class loader of every worker (the loader of the user's classes). */
    public void setContextClassLoader(ClassLoader loader) {
        for (Worker w : workers) {
            w.setContextClassLoader(loader);
        }
    }

    /**
     * Queues a root job (one not spawned by a worker, such as a user's {@code main}); an idle worker runs it.
     * The job must report its own completion: nobody syncs on it.
     */
    public void submit(InvocationRecord root) {
        if (terminating) {
            throw new IllegalStateException("worker pool is shut down");
        }
        Objects.requireNonNull(root, "root");
        if (trace != null) {
            if (trace.jobCount() != 0) {
                throw new IllegalStateException("a runtime that records a trace runs a single root job; "
                        + "this is a second one");
            }
            Worker.setRootTraceId(root, trace.onRoot(0));
        }
        submissions.add(root);
        wakeOne();
    }

    InvocationRecord pollSubmission() {
        return submissions.isEmpty() ? null : submissions.poll();
    }

    boolean isTerminating() {
        return terminating;
    }

    /**
     * Called after a push: unparks a parked worker, if any, so it can steal the new record. Returns whether it saw
     * a worker announced as parked.
     */
    boolean signalWork() {
        VarHandle.fullFence(); // orders the push's store of bottom before the load below: see the class comment
        if (parkedWorkers.get() != 0) {
            wakeOne();
            return true;
        }
        return false;
    }

    private void wakeOne() {
        for (Worker w : workers) {
            if (w.parked) {
                LockSupport.unpark(w);
                return;
            }
        }
    }

    boolean anyQueuedWork() {
        if (!submissions.isEmpty()) {
            return true;
        }
        for (Worker w : workers) {
            if (!w.deque.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * For a remote thief: takes the oldest queued record of some worker (probing all, from a rotating
     * start), or returns {@code null} when none has work. The record's owner now waits for
     * {@link #completeExported}; the record's arguments may be serialized, its runtime fields never travel.
     */
    public InvocationRecord stealForExport() {
        int n = workers.length;
        int start = Math.floorMod(exportRandom.getAndIncrement(), n);
        for (int i = 0; i < n; i++) {
            InvocationRecord job = workers[(start + i) % n].deque.steal();
            if (job != null) {
                return job;
            }
        }
        return null;
    }

    /**
     * Completes a record handed out by {@link #stealForExport} with what its remote execution produced: the
     * boxed result, or the exception it threw (then {@code result} is ignored). Its owner's sync continues.
     */
    public void completeExported(InvocationRecord record, Object result, Throwable failure) {
        if (failure == null) {
            record.boxedResult(result);
        }
        Worker.completeElsewhere(record, failure);
        for (Worker w : workers) {
            w.wakeIfAwaiting(record);
        }
    }

    /**
     * Stops the workers once they have finished the job they are running, and waits for them. Jobs still
     * queued are dropped: call this only after the root jobs completed.
     */
    public void shutdown() {
        terminating = true;
        for (Worker w : workers) {
            LockSupport.unpark(w);
        }
        boolean interrupted = false;
        for (Worker w : workers) {
            try {
                w.join(JOIN_TIMEOUT_MILLIS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (w.isAlive()) {
                log.warn("worker {} still runs a job {} s after shutdown; leaving it (daemon thread)",
                        w.getName(), TimeUnit.MILLISECONDS.toSeconds(JOIN_TIMEOUT_MILLIS));
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Per-worker statistics, in worker order; exact after {@link #shutdown()}. */
    public List<WorkerStatistics> statistics() {
        List<WorkerStatistics> result = new ArrayList<>(workers.length);
        for (Worker w : workers) {
            result.add(w.statistics());
        }
        return result;
    }
}
