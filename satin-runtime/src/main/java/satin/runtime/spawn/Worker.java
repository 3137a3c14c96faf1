package satin.runtime.spawn;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import satin.contract.InvocationRecord;
import satin.contract.SpawnThread;
import satin.runtime.deque.WorkStealingDeque;
import satin.runtime.timeline.Track;
import satin.runtime.trace.JobTimer;
import satin.runtime.trace.SizeEstimate;
import satin.trace.TraceRecorder;

/**
 * A worker thread of a {@link WorkerPool}: it owns one deque of spawned records and runs spawnable calls.
 *
 * <h2>Spawn</h2>
 * Rewritten code first asks {@link #inlineNext()}: when this worker already holds at least
 * {@code inlineThreshold} queued records, the spawn runs as a plain call. Those queued records are the
 * oldest, hence largest, pieces of work and are what thieves take, so another queued record would add cost
 * and no parallelism; as soon as thieves drain the deque below the threshold, spawns queue again. This
 * "surplus" rule replaces a user-written threshold: the common, never-stolen spawn costs a thread check
 * and two reads. Otherwise {@link #spawn} links the record into the caller's frame and pushes it.
 *
 * <h2>Sync</h2>
 * {@link #sync} walks the frame newest first. The records of the frame that are still queued are exactly
 * the newest ones on this worker's deque (every record pushed after them belonged to a nested invocation,
 * which synced or abandoned before returning), so a record is either at the bottom of the deque, and is
 * popped and run right here, or was stolen. For a stolen record the worker helps instead of blocking: it
 * steals first from the record's thief (the thief's deque holds the stolen call's children: leapfrogging),
 * then from random workers, and runs what it gets, until the record is done; when there is nothing to
 * steal it backs off and finally parks until the thief's completion unparks it. Then exceptions are
 * rethrown or results delivered (see {@link SpawnThread#finish}).
 *
 * <h2>Contract</h2>
 * Rewritten code reaches this class through {@link satin.contract.Spawns}, which delegates to the current thread
 * when it is a {@link SpawnThread}; this is the only implementation, so the JIT binds those calls statically. The
 * records' bookkeeping (frame link, completion, failure, thief, trace id) is reached through the protected
 * static members of {@code SpawnThread}.
 *
 * <h2>Idle</h2>
 * With no job of its own, a worker takes submitted root jobs (a user's {@code main}), then probes every
 * other worker once starting at a random one, then asks the pool's {@link ExternalWork}, then backs off.
 * Asking may wait (a steal request to another node waits for its reply). A worker in a sync asks too, since
 * a job from elsewhere is as good as a local one, but it must not go on waiting once the record it syncs on is
 * done: it publishes that record in {@code awaited} for the duration of the poll, so the record's completer
 * unparks it (the same handshake as for parking, see {@link WorkerPool}), and the poll stops waiting when the
 * record is done (see {@link ExternalWork#poll(int, BooleanSupplier)}).
 *
 * <h2>Trace</h2>
 * With a {@link TraceRecorder} (and then no inlining: the pool sets an unreachable threshold) a spawn also takes a
 * job id whose parent is the job this worker runs, and every job this worker runs is timed by its {@link JobTimer};
 * a sync's waits with nothing to run are paused out of the waiting job's own time. Without one, the cost is one
 * null check per queued spawn and per executed job; the inline test is untouched.
 *
 * <p>Statistics are plain fields written only by this thread; others read them after it terminated.
 */
public final class Worker extends SpawnThread {

    private static final int OWN = 0;
    private static final int STOLEN = 1;
    private static final int SUBMITTED = 2;
    private static final int EXTERNAL = 3;

    private final WorkerPool pool;
    private final int index;
    private final int inlineThreshold;
    final WorkStealingDeque<InvocationRecord> deque = new WorkStealingDeque<>();
    /** Both null unless the pool records a trace. */
    private final TraceRecorder trace;
    private final JobTimer timer;
    /** This worker's row of the run's timeline, or null (no timeline): written only by this thread. */
    private final Track track;
    /** Failed attempts to steal from the pool's other workers not yet written to the timeline. */
    private long failedStealsUntracked;
    /** Whether an idle worker's external poll may stop waiting. */
    private final BooleanSupplier terminating;

    /**
     * Set while this worker parks in a sync or polls external work from a sync: the record it waits for, so that its
     * completer can unpark it.
     */
    private volatile InvocationRecord awaited;
    /** Set while this worker parks, so a push can wake it. */
    volatile boolean parked;

    private int random;
    // What the last successful findWork found; read right after the call, before anything can recurse.
    private int foundSource;
    private Worker foundVictim;

    private long spawnsQueued;
    private long spawnsInlined;
    private long jobsExecuted;
    private long stealAttempts;
    private long steals;
    private long idleNanos;
    private long startNanos;
    private long endNanos;

    Worker(WorkerPool pool, int index, int inlineThreshold, String name, TraceRecorder trace) {
        this(pool, index, inlineThreshold, name, trace, null);
    }

    Worker(WorkerPool pool, int index, int inlineThreshold, String name, TraceRecorder trace, Track track) {
        super(name);
        this.track = track;
        this.trace = trace;
        this.timer = trace == null ? null : new JobTimer(trace, System::nanoTime);
        this.pool = pool;
        this.index = index;
        this.inlineThreshold = inlineThreshold;
        this.terminating = pool::isTerminating;
        this.random = 0x9E3779B9 * (index + 1);
        setDaemon(true);
    }

    /** This worker's position in its pool. */
    public int index() {
        return index;
    }

    /** The pool this worker belongs to. */
    public WorkerPool pool() {
        return pool;
    }

    @Override
    public void run() {
        startNanos = System.nanoTime();
        try {
            idleLoop();
        } finally {
            endNanos = System.nanoTime();
            if (track != null && failedStealsUntracked > 0) {
                track.add(Track.LOCAL_ATTEMPTS, endNanos, endNanos, failedStealsUntracked, 0);
                failedStealsUntracked = 0;
            }
        }
    }

    private void idleLoop() {
        runJobsUntil(null);
    }

    // ---- spawn and sync (called through Spawns on this thread) ----

    @Override
    protected boolean inlineNext() {
        if (deque.size() >= inlineThreshold) {
            spawnsInlined++;
            return true;
        }
        return false;
    }

    @Override
    protected InvocationRecord spawn(InvocationRecord record, InvocationRecord frame) {
        if (trace != null) {
            setTraceId(record, trace.onSpawn(timer.currentJob(), SizeEstimate.params(record)));
        }
        setNext(record, frame);
        deque.push(record);
        spawnsQueued++;
        pool.signalWork();
        return record;
    }

    @Override
    protected void sync(InvocationRecord frame) {
        InvocationRecord oldestFirst = null;
        for (InvocationRecord r = frame, older; r != null; r = older) {
            older = next(r);
            if (!isDone(r)) {
                if (deque.popIf(r)) {
                    jobsExecuted++;
                    execute(r);
                    completeHere(r);
                } else {
                    awaitStolen(r);
                }
            }
            setNext(r, oldestFirst);
            oldestFirst = r;
        }
        finish(oldestFirst);
    }

    @Override
    protected void abandon(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            if (!isDone(r) && deque.popIf(r)) {
                if (trace != null) {
                    trace.onJobEnd(traceId(r), 0, 0); // in the tree as a job that did nothing
                }
                completeHere(r); // dropped unrun; the method is leaving by an exception
            }
        }
    }

    private void awaitStolen(InvocationRecord r) {
        runJobsUntil(r);
    }

    /**
     * Finds and runs jobs until {@code awaited} is done or, when it is null, until the pool terminates;
     * backs off while there is nothing to run, and counts that time as idle.
     */
    private void runJobsUntil(InvocationRecord awaited) {
        Backoff backoff = new Backoff();
        boolean timed = timer != null && awaited != null; // a sync's search for work is not the job's own time
        if (timed) {
            timer.pause();
        }
        long idleSince = System.nanoTime();
        boolean searched = false; // for the timeline: a wait is a stretch in which a search for work failed
        while (awaited == null ? !pool.isTerminating() : !isDone(awaited)) {
            InvocationRecord job = findWork(awaited);
            if (job == null) {
                searched = true;
                backoff.pause(this, awaited);
                continue;
            }
            long found = System.nanoTime();
            idleNanos += found - idleSince;
            if (track != null && searched) {
                trackWait(awaited, idleSince, found);
            }
            searched = false;
            if (timed) {
                timer.resume();
            }
            run(job, foundSource, foundVictim);
            if (timed) {
                timer.pause();
            }
            backoff.reset();
            idleSince = System.nanoTime();
        }
        long end = System.nanoTime();
        idleNanos += end - idleSince;
        if (track != null && searched) {
            trackWait(awaited, idleSince, end);
        }
        if (timed) {
            timer.resume();
        }
    }

    /** Writes a stretch of looking for work with the failed local steal attempts in it. */
    private void trackWait(InvocationRecord awaited, long start, long end) {
        track.add(awaited == null ? Track.IDLE : Track.SYNC_WAIT, start, end, failedStealsUntracked, 0);
        failedStealsUntracked = 0;
    }

    // ---- finding and running jobs ----

    /** One round of looking for a job; {@code awaited} is the stolen record a sync waits for, or null. */
    private InvocationRecord findWork(InvocationRecord awaited) {
        InvocationRecord job = deque.pop();
        if (job != null) {
            foundSource = OWN;
            return job;
        }
        deque.clearTaken();
        if (awaited == null && (job = pool.pollSubmission()) != null) {
            foundSource = SUBMITTED;
            return job;
        }
        if (awaited != null) {
            if (thief(awaited) instanceof Worker thief && thief != this && (job = stealFrom(thief)) != null) {
                return job;
            }
        }
        if ((job = stealRound()) != null) {
            return job;
        }
        if ((job = pollExternal(awaited)) != null) {
            foundSource = EXTERNAL;
            return job;
        }
        return null;
    }

    /** Asks the pool's {@link ExternalWork}; a poll in a sync stops waiting once {@code record} is done. */
    private InvocationRecord pollExternal(InvocationRecord record) {
        if (record == null) {
            return pool.external.poll(index, terminating);
        }
        this.awaited = record; // volatile: before the poll's first look at the record (see WorkerPool)
        try {
            return pool.external.poll(index, () -> isDoneVolatile(record) || pool.isTerminating());
        } finally {
            this.awaited = null;
        }
    }

    private InvocationRecord stealRound() {
        Worker[] all = pool.workers;
        int n = all.length;
        if (n < 2) {
            return null;
        }
        int start = nextRandom(n);
        for (int i = 0; i < n; i++) {
            Worker victim = all[(start + i) % n];
            if (victim != this) {
                InvocationRecord job = stealFrom(victim);
                if (job != null) {
                    return job;
                }
            }
        }
        return null;
    }

    private InvocationRecord stealFrom(Worker victim) {
        stealAttempts++;
        InvocationRecord job = victim.deque.steal();
        if (job != null) {
            steals++;
            foundSource = STOLEN;
            foundVictim = victim;
            if (track != null) {
                long now = System.nanoTime();
                track.add(Track.LOCAL_STEAL, now, now, victim.index, failedStealsUntracked);
                failedStealsUntracked = 0;
            }
        } else if (track != null) {
            failedStealsUntracked++;
        }
        return job;
    }

    private void run(InvocationRecord job, int source, Worker victim) {
        jobsExecuted++;
        switch (source) {
            case OWN -> {
                execute(job);
                completeHere(job);
            }
            case STOLEN -> {
                setThief(job, this);
                execute(job);
                completeShared(job);
                victim.wakeIfAwaiting(job);
            }
            case SUBMITTED -> {
                execute(job);
                completeShared(job);
            }
            default -> {
                execute(job);
                completeShared(job);
                pool.external.finished(job, failure(job));
            }
        }
    }

    /** Runs a job, keeping what it throws; timed for the trace when one is recorded. */
    private void execute(InvocationRecord job) {
        if (track != null) {
            long start = System.nanoTime();
            executeTimed(job);
            track.add(Track.JOB, start, System.nanoTime(), 0, 0);
        } else {
            executeTimed(job);
        }
    }

    private void executeTimed(InvocationRecord job) {
        if (timer == null) {
            runCall(job);
            return;
        }
        timer.started(traceId(job));
        runCall(job);
        timer.ended(failure(job) == null ? SizeEstimate.result(job) : 0);
    }

    private int nextRandom(int bound) {
        int x = random;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        random = x;
        return (x & Integer.MAX_VALUE) % bound;
    }

    // ---- parking ----

    void wakeIfAwaiting(InvocationRecord record) {
        if (awaited == record) {
            LockSupport.unpark(this);
        }
    }

    /**
     * Parks for at most {@code nanos}, unless {@code record} (may be null) completed or work appeared.
     * Registering before the last check means a completer or pusher that acts after the check sees this
     * worker as parked and unparks it; one that acted just before is seen by the check.
     */
    void park(long nanos, InvocationRecord record) {
        try {
            if (announceParking(record)) {
                LockSupport.parkNanos(this, nanos);
            }
        } finally {
            endParking();
        }
    }

    /**
     * The parking side of the protocol in {@link WorkerPool}: announces this worker as parked, then re-checks
     * everything that could end the wait. Returns whether the worker may park; {@link #endParking()} must follow.
     */
    boolean announceParking(InvocationRecord record) {
        awaited = record;
        parked = true;
        pool.parkedWorkers.incrementAndGet();
        return (record == null || !isDoneVolatile(record)) && !pool.isTerminating() && !pool.anyQueuedWork();
    }

    /** Withdraws what {@link #announceParking} announced. */
    void endParking() {
        pool.parkedWorkers.decrementAndGet();
        parked = false;
        awaited = null;
    }

    // ---- bookkeeping of records that come from outside a worker, for the pool ----

    /** Gives a root job its trace id before it is submitted. */
    static void setRootTraceId(InvocationRecord root, int id) {
        setTraceId(root, id);
    }

    /**
     * Completes a record whose call ran elsewhere (on another node) with what it threw, or null: the failure is
     * written before the volatile completion, so the owner that sees the completion sees it.
     */
    static void completeElsewhere(InvocationRecord record, Throwable failure) {
        if (failure != null) {
            setFailure(record, failure);
        }
        completeShared(record);
    }

    /** A snapshot of this worker's statistics; exact once the worker has terminated. */
    public WorkerStatistics statistics() {
        long end = endNanos != 0 ? endNanos : System.nanoTime();
        long run = startNanos == 0 ? 0 : end - startNanos;
        return new WorkerStatistics(index, spawnsQueued + spawnsInlined, spawnsInlined, jobsExecuted,
                stealAttempts, steals, run, idleNanos);
    }
}
