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
 * <p>The spawn/sync path touches no lock: a push onto a deque that held fewer than two records fences, reads
 * {@link #parkedWorkers} (a volatile load) and only when it is not zero scans for a parked worker to unpark.
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
 * <p>The fence costs one locked instruction on x86 per <em>queued</em> spawn onto a deque that held fewer than two
 * records: the surplus rule runs most spawns inline, and those neither push nor signal; a push onto a deque that held
 * work already does not signal, since the push that made it non-empty did. A parker can miss such a push only when
 * thieves emptied the deque between those two pushes and its check read the deque before the second one became
 * visible; it then ends its bounded park and finds the record, a delay in a race of three threads, against a fence on
 * every queued spawn (UTS T3L with every spawn queued: 150 ns per node with it, 134 without). An unpark that arrives before its target parks is kept as
 * the thread's permit, so the following park returns at once. A wake-up may go to a worker that is just leaving
 * its park: that worker is awake and searches for work itself, and any worker left parked ends its bounded park.
 *
 * <p>The other wake-ups follow the same pattern. A record's completer stores {@code DONE} (volatile) and then loads
 * the waiter's {@code awaited} field (volatile); the waiter stores {@code awaited} (volatile) and then loads the
 * record's state (volatile). Volatile accesses are sequentially consistent, so at least one of them sees the
 * other. {@link #shutdown()} sets {@code terminating} and unparks every worker unconditionally.
 */
public final class WorkerPool implements LocalWork {

    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);
    private static final long JOIN_TIMEOUT_MILLIS = TimeUnit.SECONDS.toMillis(30);

    final Worker[] workers;
    final ExternalWork external;
    final AtomicInteger parkedWorkers = new AtomicInteger();
    private final ConcurrentLinkedQueue<InvocationRecord> submissions = new ConcurrentLinkedQueue<>();
    private volatile boolean terminating;
    /**
     * Set once any job of this pool was aborted: from then on workers check their job's ancestry at spawns, syncs
     * and job starts (before, a single read of this flag); a run that never aborts pays nothing more.
     */
    volatile boolean anyAbort;
    private final AtomicInteger exportRandom = new AtomicInteger();
    /** Where the spawn tree is recorded, or null. */
    private final TraceRecorder trace;
    /** Results of orphan jobs for re-executions to reuse, or null when the run does not survive crashes. */
    final SalvagedLookup salvaged;
    /** Records to run again here: their thief died ({@link #requeue}). */
    private final ConcurrentLinkedQueue<InvocationRecord> requeued = new ConcurrentLinkedQueue<>();
    private final java.util.concurrent.atomic.LongAdder reExecuted = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder reExecutionNanos = new java.util.concurrent.atomic.LongAdder();

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
        this(name, size, inlineThreshold, external, trace, null, null);
    }

    /**
     * A pool whose workers also record their jobs, waits and steals into {@code timeline} (when not null), and
     * that survives the crash of other nodes ({@code salvaged} not null): records can be
     * {@linkplain #requeue requeued}, and their re-execution looks up every spawn in {@code salvaged} first (see
     * {@link Worker}, "Re-execution"). Salvaged results are not combinable with a trace.
     */
    public WorkerPool(String name, int size, int inlineThreshold, ExternalWork external, TraceRecorder trace,
            satin.runtime.timeline.Timeline timeline, SalvagedLookup salvaged) {
        this(name, size, inlineThreshold, external, trace, timeline, salvaged,
                satin.runtime.RuntimeConfig.DEFAULT_LOOP_SPLITTING);
    }

    /**
     * As above, and whether workers answer a thief's demand by splitting their counted loops ({@link LoopSplitting};
     * it takes effect only where spawns are batched and the pool does not survive crashes).
     */
    public WorkerPool(String name, int size, int inlineThreshold, ExternalWork external, TraceRecorder trace,
            satin.runtime.timeline.Timeline timeline, SalvagedLookup salvaged, boolean loopSplitting) {
        if (trace != null && salvaged != null) {
            throw new IllegalArgumentException("a traced pool runs in one JVM: it has no crashes to survive");
        }
        this.salvaged = salvaged;
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
                    timeline == null ? null : timeline.track(workerName), loopSplitting);
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

    /**
     * Queues a root job that re-executes lost work (a {@code main} run again by the node that took over from a master
     * that died): its spawns are looked up in the salvaged results. Only for pools that survive crashes.
     */
    public void submitReExecution(InvocationRecord root) {
        if (salvaged == null) {
            throw new IllegalStateException("this pool does not survive crashes: nothing is re-executed");
        }
        Worker.markReExecution(root);
        submit(root);
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
    /**
     * Work for this pool arrived from outside it (a job in an asynchronous steal reply, say), where a worker polls
     * for it: wakes a parked worker so that it looks now rather than at the end of its park.
     */
    /** This runtime's node in its pool of nodes, or null for a runtime confined to its JVM (see {@link PoolPlace}). */
    public PoolPlace place() {
        return external.place();
    }

    public void externalWorkArrived() {
        signalWork();
    }

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

    /**
     * Whether any work is queued that a worker may take: {@code syncing} is the job whose sync the worker is in, or
     * null for an idle worker (a requeued record counts only if that worker may take it, see {@link #pollRequeued}).
     */
    boolean anyQueuedWork(InvocationRecord syncing) {
        if (!submissions.isEmpty() || !requeued.isEmpty() && (syncing == null || anyRequeuedBelow(syncing))) {
            return true;
        }
        for (Worker w : workers) {
            if (!w.deque.isEmpty() || w.loopOffer != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs a record again here, one that was handed out by {@link #stealForExport} (or that waited for a salvaged
     * result) and is lost with the node running it; the sync waiting for it continues when it completes. Its
     * re-execution looks up its spawns in the salvaged results. Only for pools that survive crashes.
     */
    public void requeue(InvocationRecord record) {
        if (salvaged == null) {
            throw new IllegalStateException("this pool does not survive crashes: nothing can be requeued");
        }
        Worker.markReExecution(record);
        requeued.add(record);
        for (Worker w : workers) {
            LockSupport.unpark(w); // the worker whose sync waits for it, or any idle one
        }
    }

    /**
     * Takes back a record of this node lost with the node running it: {@link #requeue}s it, unless its own outcome is
     * known elsewhere. The dead node may have passed the job on (a relay hands an arrived job to a thief like its own,
     * {@code node.RemoteStealing}), so a live node may be running it right now as an orphan, or may have run it and
     * sent the result into the dead node: then its identity is in {@link #salvaged}, and running it again here would
     * redo all of it (measured in issue 11: the only job the dead node held, 350 ms, redone while the orphan that
     * was that very job ended 312 ms of work later). So the record's own identity is looked up first, as the
     * re-execution looks up each of its spawns: a stored outcome completes it at once; one still being computed makes
     * it wait like a stolen record (completed through the table, or handed back by it
     * when the node computing it dies or gives it up, and then taken back again, when its entry
     * is gone). The sync waiting for the record may run it after all, after a bound (see {@code Worker.reclaim}:
     * the orphan may be a copy that came back to this node through the dead one). Returns whether it was requeued. A
     * digest per record taken back: nothing without crashes.
     */
    public boolean takeBack(InvocationRecord record) {
        if (salvaged == null) {
            throw new IllegalStateException("this pool does not survive crashes: nothing can be taken back");
        }
        long key = salvaged.identity(record);
        if (salvaged.reuses()) {
            SalvagedLookup.Known found = salvaged.claim(key, record);
            if (found != null && found != SalvagedLookup.PENDING) {
                completeExported(record, found.result(), found.failure());
                return false;
            }
            if (found != null) {
                // waits for the orphan's outcome, like a stolen record for its thief, with a bound (Worker.reclaim)
                Worker.markTakenBackAwaiting(record, key);
                return false;
            }
        }
        requeue(record);
        return true;
    }

    /**
     * Takes a requeued record for a worker: any one for an idle worker ({@code syncing} null), and for a worker in the
     * sync of job {@code syncing} only one that descends from that job (see "Re-execution" in {@link Worker}: taking
     * up any other one there could close a wait cycle, while leaving it queued cannot delay that sync). Others stay
     * queued for an idle worker, another node ({@link #stealForExport}) or the sync of an ancestor. Exactly one taker
     * gets each record ({@code remove} claims it by a compare-and-set; records compare by identity).
     */
    InvocationRecord pollRequeued(InvocationRecord syncing) {
        if (requeued.isEmpty()) {
            return null;
        }
        if (syncing == null) {
            return requeued.poll();
        }
        for (InvocationRecord r : requeued) {
            if (Worker.descendsFrom(r, syncing) && requeued.remove(r)) {
                return r;
            }
        }
        return null;
    }

    private boolean anyRequeuedBelow(InvocationRecord syncing) {
        for (InvocationRecord r : requeued) {
            if (Worker.descendsFrom(r, syncing)) {
                return true;
            }
        }
        return false;
    }

    void reExecuted(long nanos) {
        reExecuted.increment();
        reExecutionNanos.add(nanos);
    }

    /** Requeued records run again here so far. */
    public long reExecutedJobs() {
        return reExecuted.sum();
    }

    /** The time their executions took on the worker that ran them (children that other workers ran excluded). */
    public long reExecutionNanos() {
        return reExecutionNanos.sum();
    }

    /** The salvaged results of this pool, or null when it does not survive crashes. */
    public SalvagedLookup salvaged() {
        return salvaged;
    }

    /** Whether a record handed out by {@link #stealForExport} or {@link #requeue}d belongs to a re-execution. */
    public static boolean isReExecution(InvocationRecord record) {
        return Worker.isReExecution(record);
    }

    /** Marks a record received from another node as part of a re-execution (before it is run). */
    public static void markReExecution(InvocationRecord record) {
        Worker.markReExecution(record);
    }

    /** {@link #stealForExport(boolean)} for a thief that is idle. */
    public InvocationRecord stealForExport() {
        return stealForExport(true);
    }

    /**
     * For a remote thief: takes a requeued record when {@code thiefIdle} (the thief's worker runs no job: see
     * "Re-execution" in {@link Worker}; a thief in a sync could close the orphan cycle there, since the orphans this
     * record's re-execution waits for may lie on its stack), else the oldest queued record of some worker (probing
     * all, from a rotating start), or returns {@code null} when none has work. The record's owner now waits for
     * {@link #completeExported}; the record's arguments may be serialized, its runtime fields never travel.
     */
    public InvocationRecord stealForExport(boolean thiefIdle) {
        InvocationRecord lost = thiefIdle ? pollRequeued(null) : null;
        if (lost != null) {
            return lost; // the largest piece of work here, and idle nodes take it sooner than a busy owner
        }
        int n = workers.length;
        int start = Math.floorMod(exportRandom.getAndIncrement(), n);
        for (int i = 0; i < n; i++) {
            Worker victim = workers[(start + i) % n];
            InvocationRecord job = victim.deque.steal();
            if (job != null) {
                victim.reconsider(); // its deque shrank: its next spawn may queue again
                Worker.leavesForExport(job); // a record a worker took in a batch runs on no worker of this pool now
                return job;
            }
        }
        return null;
    }

    /** Wakes the workers waiting in a sync for {@code record}, which another thread completed. */
    void wake(InvocationRecord record) {
        for (Worker w : workers) {
            w.wakeIfAwaiting(record);
        }
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
     * Raises every worker's abort signal and unparks it: each checks whether the job it runs was cancelled (see
     * {@link Worker}). Abort is rare; the broadcast keeps the aborter free of knowing who runs what.
     */
    void signalAbort() {
        anyAbort = true;
        for (Worker w : workers) {
            w.abortSignal = true;
            w.reconsider(); // after the signal: a worker that clears ask and then misses the signal is asked again
            LockSupport.unpark(w);
        }
    }

    /**
     * Cancels a job that another node gave this pool (its owner aborted it): it is not run if it has not started,
     * and stops at its next spawn or sync if it has, and so does everything it spawned here.
     */
    public void abortForeign(InvocationRecord record) {
        Worker.markAborted(record);
        signalAbort();
    }

    /** Whether a record handed out by {@link #stealForExport} was aborted by its owner meanwhile. */
    public static boolean isAborted(InvocationRecord record) {
        return Worker.aborted(record);
    }

    /** Whether a record obtained from {@link ExternalWork#poll} ended by being aborted (it did not complete). */
    public static boolean endedAborted(InvocationRecord record) {
        return Worker.abortedOutcome(record);
    }

    /**
     * Stops the workers once they have finished the job they are running, and waits for them. Jobs still
     * queued are dropped: call this only after the root jobs completed. Those an abort cancelled count as aborted
     * in the worker's statistics ({@link WorkerStatistics#jobsAborted()}), as when their owner drops them.
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
