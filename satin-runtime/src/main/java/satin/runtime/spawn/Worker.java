package satin.runtime.spawn;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import satin.contract.Aborted;
import satin.contract.InvocationRecord;
import satin.contract.SpawnThread;
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
 * <h2>Demand and batches</h2>
 * The surplus rule alone keeps {@code inlineThreshold} records queued, and a thief takes one. Where a stolen record
 * is usually tiny whatever its depth (UTS's binomial trees: 80% of the nodes are leaves at every level, so the
 * oldest record is a leaf four times in five), the thief is back within a microsecond, and every theft costs both
 * workers a record, a cross-core completion and cache misses on the deque: two workers ran T3L 1.5 times slower
 * than one, with 8.7 million steals. What a thief needs there is many independent subtrees at once: the largest of
 * {@code k} subtrees of a near-critical tree is about {@code k^2} nodes, so a batch of 32 is worth about a thousand
 * single steals. So a thief that got little (nothing, or at most {@link #SMALL_STEAL} records) raises its victim's
 * {@code hungry} flag (and {@code ask}); the victim, at its next spawn, queues its next {@link #DEMAND_QUOTA} spawns
 * instead of running them inline: they are the unexplored siblings along its path, a work bag. A thief takes, with a
 * record, up to half of what the victim still holds (at most {@link #MAX_BATCH} in all, oldest first, each by the
 * deque's own steal, so no new race with the owner) and queues the extra records on its own deque. Such a record
 * carries this worker as its thief from the moment it was taken; when this worker pops and runs it, it completes it
 * as a stolen record (shared, and wakes its owner's sync), and another thief may take it from here as from any deque.
 * The quota is spent once per demand: the owner does not keep refilling (an earlier experiment that raised the
 * surplus itself made the owner queue and pop back 40 million records of T3L's 111 million nodes). A program whose
 * stolen jobs are large (fib, the geometric UTS trees) sees a demand per steal, i.e. rarely, and pays for it
 * {@code DEMAND_QUOTA} records that it mostly pops back itself. Off in traced pools (every spawn queued anyway) and
 * for a threshold of 0 (every spawn inline).
 *
 * <h2>Loops</h2>
 * Where the rewriter made a counted loop of spawns splittable ({@link satin.contract.LoopRange}), a thief's demand is
 * answered first by splitting every loop of this worker that has iterations left and offering the high halves as one
 * record ({@code loopOffer}); the quota below is the answer only when no loop has any left (see {@link LoopSplitting}).
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
 * <h2>Inlets and abort</h2>
 * {@link #inletPoll} is a sync that stops early: it returns the first record of the frame whose call threw an
 * exception for its inlet (a record already done is preferred; otherwise it waits for the frame's records newest
 * first, as {@link #sync} does), so the rewritten method runs the catch block on this thread and polls again.
 * {@link #abort} marks every record of the frame aborted (a volatile write), drops the ones still queued here
 * (they are the newest on this deque, as in a sync) and asks the pool's {@link ExternalWork} to cancel the ones
 * another node stole; then the pool raises every worker's {@code abortSignal} and unparks it. A record remembers
 * the job that spawned it ({@code parent}), so a worker decides whether its current job must stop by walking that
 * chain: a job stops, by throwing {@link Aborted}, at its next polled spawn (the rewritten fast path polls once per
 * invocation, after each sync and in loops; the abort raises {@code ask}, so the poll asks this worker) or sync, and a job found aborted when it is taken is not run. The unwinding job's
 * method-wide handler calls {@link #abandon}, which cancels its own outstanding children in the same way, on
 * other nodes too: the abort travels down the tree. Memory ordering: the aborter writes {@code aborted} and then
 * the signal, both volatile; a worker clears the signal and then reads the chain, so a signal it clears never hides
 * an abort it does not see; a worker whose job is aborted raises its signal again, since the job's inline call sites
 * catch the {@code Aborted} of a callee (to rethrow it at the job's sync) and the job's next inline spawn must
 * stop too. A sync never waits for an aborted record, and its result is never delivered.
 *
 * <h2>Failures keep the original's order</h2>
 * The original Satin queued every spawn, so no sibling spawned after a child ever ran before that child's exception
 * reached its inlet (whose {@code abort()} then cancelled the siblings) or, with no inlet, cancelled its siblings and
 * went to the parent's caller. An inline call runs before the spawns that follow it; when one throws, the slow copy
 * hands the exception to the frame ({@link satin.contract.Spawns#failed}) and this worker remembers that record in
 * {@code haltedBy}: until the frame holding it is synced or abandoned, {@link #inlineNext()} answers "queue" (and
 * {@code ask} stays raised, so the fast path's polls ask). The code between the spawn and the sync runs, as it did in
 * the original, but no sibling does: the sync first hands every completed record to its inlet
 * ({@link #inletPoll}), and a sync that finds a record failed past the inlets ({@code failedUncaught}: a completed
 * one first, then after each record it waited for) abandons the rest of the frame (cancels them, here and on other
 * nodes) and rethrows at once instead of waiting for every child. An inline call that threw therefore runs its inlet,
 * or cancels its siblings, before any of them ran. Nesting: while {@code haltedBy} is set every spawn of this thread
 * queues, so no inline call can fail and set another mark; the halt ends in the frame's sync before its records run.
 * A sync of another frame in between (a plain method the invocation calls, which spawns and syncs) runs its jobs
 * with every spawn queued: slower, never wrong. Not covered: a child stolen by another worker or node that fails
 * while this worker runs an inline sibling's subtree is seen when that subtree returns to the parent (the inlet runs
 * in the parent's frame, which is below it on this stack).
 *
 * <h2>Wasted time</h2>
 * The statistics count, besides the aborted jobs, the work they wasted: the own wall time of every executed job that
 * ended aborted, that is its time from start to end less the time of the jobs this worker ran inside it (in its
 * syncs, which may be unrelated stolen work that was not aborted) and of its syncs' searches for work (idle time,
 * counted as such). A job dropped before it ran wasted nothing. Each executed job costs two clock reads for it, except
 * a job of this worker's own deque that starts while no abort was ever signalled in the pool: its time stays in its
 * enclosing job's own time (an abort that comes while it runs leaves its own waste uncounted). Those two reads were
 * about 50 ns of a queued spawn's 125 (UTS T3L with every spawn queued: 200 ns per node against 74 inline, then
 * 150). The fast path's plain calls cost nothing. Without aborts the figure is zero.
 *
 * <h2>Trace</h2>
 * With a {@link TraceRecorder} (and then no inlining: the pool sets an unreachable threshold) a spawn also takes a
 * job id whose parent is the job this worker runs, and every job this worker runs is timed by its {@link JobTimer};
 * a sync's waits with nothing to run are paused out of the waiting job's own time. Without one, the cost is one
 * null check per queued spawn and per executed job; the inline test is untouched.
 *
 * <h2>Re-execution (fault tolerance)</h2>
 * In a pool that survives crashes ({@link WorkerPool#salvaged} not null), a record lost with the node that stole it
 * is {@linkplain WorkerPool#requeue requeued} and marked as a re-execution, and so is every record spawned while it
 * runs. While the salvaged results hold an entry nobody claimed yet, a worker runs such a record in <em>lookup
 * mode</em>: the inline threshold in force is the maximum, so every spawn takes the slow path and becomes a record,
 * whose identity ({@link SalvagedLookup#identity}, a digest of the call) is looked up first; a salvaged outcome completes the record at once, a result still
 * being computed by another node makes it wait for that (like a stolen record), and otherwise it is queued as
 * usual. Once every entry was claimed, lookups stop and spawns inline again. Without crashes, the cost is a few
 * plain field reads and writes per executed job (its lineage, the lookup flag, the stack's shape for
 * {@link #reclaim}) and none per spawn: the threshold field in force is read instead of the configured one.
 *
 * <p><b>Who takes up a requeued record.</b> An idle worker takes any; a worker in the sync of job S takes one only
 * when it descends from S (S, or a job S spawned on this node, spawned it: its {@code parent} chain reaches S), and
 * leaves the others queued for an idle worker, another node's steal request ({@link WorkerPool#stealForExport}), or
 * the sync of their ancestor further down some stack. Why: say a wait-for graph has an edge A &rarr; B when A cannot
 * end before B ends. A record R that is not done has edges into it only from its parent (which syncs on it) and,
 * once a worker runs it, from the jobs below it on that worker's stack; its re-execution adds edges from R to the
 * orphans its spawns wait for. Taking R up in S's sync adds an edge from S (and from the jobs below S, which already
 * reach S) to R. <em>R descends from S:</em> S already reaches R through the spawn tree (every job between S and R
 * is still running, since a job syncs on its records before it ends), so the take-up adds no path and cannot close a
 * cycle. <em>Otherwise</em> it can: the orphan cycle of issue 11 is S = an orphan O that this node had stolen back from
 * the dead node's thief, R = O's ancestor that the dead node had stolen from here, whose re-execution spawns O's call
 * again and waits for O, which sits below it on this very stack; before this rule the 100 ms bound of
 * {@link #reclaim} broke that cycle and O was computed twice. And leaving R queued costs that sync nothing: a record
 * that no worker runs is waited for only by its ancestors, and S is not one, so S's sync can end without R; R runs
 * once a worker is idle, another node asks for work, or the sync of R's parent polls again (at the latest when the
 * jobs above it ended). The same holds across nodes: a steal request gets a requeued record only when the asking
 * worker is idle (the request says so, {@link ExternalWork#poll(int, BooleanSupplier, boolean)}), since the thief's
 * stack may hold an orphan of that record (the thief of O, in O's sync, asking the owner for work). With this rule
 * the only remaining wait cycles are those through jobs taken up from other workers' deques or from other nodes
 * (a re-execution that an idle worker asked for and a worker in a sync received), which {@link #reclaim}'s bounds
 * break.
 *
 * <p>Statistics are plain fields written only by this thread; others read them after it terminated.
 */
public final class Worker extends SharedFieldsPaddingAfter {

    private static final int OWN = 0;
    private static final int STOLEN = 1;
    private static final int SUBMITTED = 2;
    private static final int EXTERNAL = 3;
    private static final int REQUEUED = 4;
    /** findWork found nothing (the other values say where it found a job). */
    private static final int NOTHING = 5;
    /** findWork found nothing, and its external poll waited out a steal round trip: retry without backing off. */
    private static final int NOTHING_AFTER_ROUND_TRIP = 6;
    /** The lineage mark of records that belong to a re-execution of lost work. */
    private static final Object RE_EXECUTION = new Object();
    /**
     * How long a worker with nothing else to do waits for an orphan's result before it runs the spawn itself, when
     * its stack holds a job that is not an ancestor of the waiting one (see {@link #reclaim}).
     */
    static final long RECLAIM_NANOS = 100_000_000L;
    /**
     * The same bound when the stack is one path of the spawn tree that did not start at a root job: a safety net for
     * the rare cycle that can close through another worker (see {@link #reclaim}); long, so an orphan shorter than
     * this is not computed twice.
     */
    static final long PATH_RECLAIM_NANOS = 10_000_000_000L;

    /**
     * The lineage mark of a record that waits for the salvaged result {@code key}: a re-execution's spawn, or a job
     * taken back from a dead thief ({@code takenBack}, see {@link WorkerPool#takeBack}).
     */
    private record Awaiting(long key, boolean takenBack) {
    }

    /**
     * How deep a worker's stack may grow: 512 MB of address space, committed by the JVM only as far as it is used.
     * A plain recursive program over a deep tree needs it (UTS T3L, 17,844 levels, overflowed the JVM's default of
     * 1 MB), and a worker's stack also holds, in its syncs, the stolen jobs it runs there.
     */
    static final long STACK_BYTES = 512L << 20;

    /** Spawns a worker queues in a row when a thief found too little on its deque (see "Demand and batches"). */
    static final int DEMAND_QUOTA = 64;
    /** A thief takes at most this many records from one victim at once (see "Demand and batches"). */
    static final int MAX_BATCH = 32;
    /** How long a thief waits for a victim to finish queuing its quota before it takes what is there. */
    static final long OFFER_WAIT_NANOS = 50_000L;
    /** A steal of at most this many records leaves the thief hungry (see "Demand and batches"). */
    static final int SMALL_STEAL = 4;

    private final WorkerPool pool;
    private final int index;
    private final int inlineThreshold;
    /** Whether thieves take batches and raise {@code hungry}: a threshold above 0, no trace. */
    private final boolean batching;
    /** Whether a thief's demand is answered by splitting a loop first (see {@link LoopSplitting}). */
    private final boolean loopSplitting;
    /** Spawns still to queue for a thief's demand; this thread only. */
    private int quota;
    /** The threshold in force: {@link #inlineThreshold}, or the maximum in lookup mode. */
    private int threshold;
    /** Whether the job running now looks up its spawns in {@link #salvaged}. */
    private boolean lookup;
    /**
     * Whether this worker's stack (the job running now and those below it, each waiting in a sync) is one path of the
     * spawn tree: each job on it was spawned, on this node, by the job just below it. Kept only in pools that survive
     * crashes (see {@link #reclaim}); this thread only.
     */
    private boolean onePath;
    /** Whether, besides, the bottom job of that path is a root job (submitted: no job anywhere waits for it). */
    private boolean rootedPath;
    /** Null unless the pool survives crashes. */
    private final SalvagedLookup salvaged;
    /** Both null unless the pool records a trace. */
    private final TraceRecorder trace;
    private final JobTimer timer;
    /** This worker's row of the run's timeline, or null (no timeline): written only by this thread. */
    private final Track track;
    /** Failed attempts to steal from the pool's other workers not yet written to the timeline. */
    private long failedStealsUntracked;
    /** Whether an idle worker's external poll may stop waiting. */
    private final BooleanSupplier terminating;

    /** The job this worker runs (the innermost one), or null in the idle loop; this thread only. */
    private InvocationRecord current;
    /**
     * The record standing for an inline call that threw, while its frame is neither synced nor abandoned: until then
     * every spawn is queued (see "Failures keep the original's order"); null otherwise. This thread only.
     */
    private InvocationRecord haltedBy;
    /** Whether {@link #current} came from another node ({@code localJob()} is false); this thread only. */
    private boolean currentForeign;

    private int random;
    // What the last findWork found (or NOTHING); read right after the call, before anything can recurse.
    private int foundSource;
    /** Times this worker parked (backoff); this thread only, read by others after it terminated. */
    private long parks;
    private Worker foundVictim;

    private long spawnsQueued;
    private long spawnsInlined;
    private long jobsExecuted;
    private long jobsAborted;
    /** Own time of the jobs that ended aborted: wasted work (see "Wasted time" in the class comment). */
    private long wastedNanos;
    /**
     * Time spent so far, on this thread, in executed jobs and in the syncs' searches for work, as far as the job
     * running now can see: a job's own time is its wall time less what this grew by while it ran. This thread only.
     */
    private long nestedNanos;
    private long stealAttempts;
    private long steals;
    private long idleNanos;
    /**
     * When the idle stretch running now began, 0 when none runs: lets {@link #statistics()} count it for a progress
     * line read while this worker runs. Written by this thread only, read racily by others (a progress figure: it
     * may lag by one stretch, and 64-bit HotSpot does not tear a long).
     */
    private long idleOpenSince;
    private long startNanos;
    private long endNanos;

    Worker(WorkerPool pool, int index, int inlineThreshold, String name, TraceRecorder trace, Track track,
           boolean splitLoops) {
        super(name, STACK_BYTES);
        this.track = track;
        this.trace = trace;
        this.timer = trace == null ? null : new JobTimer(trace, System::nanoTime);
        this.pool = pool;
        this.index = index;
        this.inlineThreshold = inlineThreshold;
        this.threshold = inlineThreshold;
        this.batching = trace == null && inlineThreshold > 0;
        this.salvaged = pool.salvaged;
        this.loopSplitting = LoopSplitting.enabled(splitLoops, batching, salvaged != null);
        splitLoops(loopSplitting);
        this.terminating = pool::isTerminating;
        this.random = 0x9E3779B9 * (index + 1);
        setDaemon(true);
    }

    /** Times this worker parked while backing off; exact after it terminated (for tests). */
    long parks() {
        return parks;
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
            dropCancelledAtShutdown();
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

    /**
     * The pool shuts down, and this worker's deque may still hold records that an abort cancelled while they waited
     * here: records this worker took in a batch from another worker (see "Demand and batches") whose owner aborted
     * them before this worker or a thief got to them, and which the owner could not drop itself (a worker pops only
     * from its own deque). They count as aborted, dropped before they ran, like those the aborter drops from its own
     * deque; uncounted, the statistics would show an abort's reach only when some worker happened to pop them before
     * the shutdown. Records no abort reached are dropped uncounted: none is queued once the root jobs completed.
     */
    private void dropCancelledAtShutdown() {
        if (!pool.anyAbort) {
            return;
        }
        for (InvocationRecord r = deque.pop(); r != null; r = deque.pop()) {
            if (!isAbortedChain(r)) {
                continue;
            }
            if (trace != null) {
                trace.onJobEnd(traceId(r), 0, 0); // in the tree as a job that did nothing, as when dropped queued
            }
            jobsAborted++;
            setFailure(r, Aborted.INSTANCE);
            completeShared(r); // its owner is another worker
            pool.wake(r);
        }
    }

    // ---- spawn and sync (called through Spawns on this thread) ----

    @Override
    protected boolean inlineNext() {
        if (abortSignal) {
            stopIfAborted();
        }
        if (haltedBy != null) {
            return false; // ask stays raised: every spawn asks until the failed frame's sync
        }
        if (hungry) {
            hungry = false;
            if (quota == 0 && !offerLoopPart()) {
                quota = DEMAND_QUOTA;
                offering = true;
            }
        }
        if (quota > 0) {
            if (--quota == 0) {
                offering = false; // the batch is there
            }
            return false; // ask stays raised: the next spawn asks again
        }
        if (deque.size() >= threshold) {
            spawnsInlined++;
            // quiet until something changes: a thief or a pop shrinks the deque, an abort is signalled, or a thief is
            // hungry (each raises ask); re-read after clearing, so a change in between is never lost (SpawnThread)
            clearAsk();
            if (abortSignal || hungry || deque.size() < threshold) {
                askNext();
            }
            return true;
        }
        return false;
    }

    /**
     * Answers a thief's demand with the high halves of this worker's loops that have iterations left (see
     * {@link LoopSplitting}); false when loops are not split here or none has any left (then a quota is queued).
     */
    private boolean offerLoopPart() {
        if (!loopSplitting) {
            return false;
        }
        if (loopOffer != null) {
            return true; // the last part offered is still there for the thief
        }
        InvocationRecord part = splitLoopsForThief();
        if (part == null) {
            return false;
        }
        loopOffer = part;
        pool.signalWork();
        return true;
    }

    /** A part of a bundle this worker took from another ({@link satin.contract.LoopParts}): run as a stolen record. */
    @Override
    protected void runPart(InvocationRecord part) {
        run(part, STOLEN, null);
    }

    /**
     * A loop of this worker ended with parts split off: runs what it offered and no thief took (a part, or a bundle that
     * may hold one), waits for the others as a sync waits for a stolen record, and returns the failure of the lowest
     * part that threw.
     */
    @Override
    protected Throwable awaitParts(InvocationRecord parts) {
        Throwable failure = null;
        for (InvocationRecord p = parts; p != null; p = nextPart(p)) {
            InvocationRecord offered;
            if (!isDone(p) && (offered = LoopSplitting.take(this)) != null) {
                run(offered, OWN, null); // no thief took this worker's offer: run it here (it may hold p)
            }
            if (!isDone(p)) {
                runJobsUntil(p);
                if (pool.anyAbort) {
                    stopIfAborted();
                }
            }
            if (failure == null && isDone(p)) {
                failure = failure(p);
            }
        }
        return failure;
    }

    // ---- the original's SatinObject statics (satin.RuntimeThread, asked on this thread) ----

    @Override
    public void balancing(boolean on) {
        pool.external.balancing(on);
    }

    /**
     * Cheap and local: someone else could take a job (another worker here, or another node) and this worker's queue is
     * below the threshold at which spawns run as plain calls (so a spawn now would be queued, stealable).
     */
    @Override
    public boolean needMoreJobs() {
        return (pool.workers.length > 1 || pool.external != ExternalWork.NONE) && deque.size() < threshold;
    }

    @Override
    public boolean localJob() {
        return !currentForeign;
    }

    /** Makes this worker's next spawn ask {@link #inlineNext()} again: its deque shrank, or an abort was signalled. */
    void reconsider() {
        askNext();
    }

    @Override
    protected InvocationRecord spawn(InvocationRecord record, InvocationRecord frame) {
        if (trace != null) {
            setTraceId(record, trace.onSpawn(timer.currentJob(), SizeEstimate.params(record)));
        }
        if (pool.anyAbort) {
            stopIfAborted();
        }
        setParent(record, current);
        setNext(record, frame);
        if (lookup && !lookUp(record)) {
            spawnsQueued++; // completed from a salvaged result, or waiting for one: never pushed
            return record;
        }
        if (deque.push(record) < 2) {
            pool.signalWork(); // see WorkerPool: a push onto a deque that held work already was signalled then
        }
        spawnsQueued++;
        return record;
    }

    /**
     * Lookup mode: marks the record as part of the re-execution and looks it up. Returns whether to push it
     * (false: completed from a salvaged result, or waiting for one from the node computing it).
     */
    private boolean lookUp(InvocationRecord record) {
        if (!salvaged.active()) {
            setLookup(false); // every salvaged result was claimed: run normally from here on
            return true;
        }
        setLineage(record, RE_EXECUTION);
        long key = salvaged.identity(record);
        SalvagedLookup.Known found = salvaged.claim(key, record);
        if (found == null) {
            return true;
        }
        if (found != SalvagedLookup.PENDING) {
            if (found.failure() != null) {
                setFailure(record, found.failure());
            } else {
                record.boxedResult(found.result());
            }
            completeHere(record);
        } else {
            setLineage(record, new Awaiting(key, false));
        }
        return false;
    }

    /**
     * A sync waits for a record that waits for an orphan's result from another node, and this worker found nothing
     * else to do for a while: takes the record back from the salvaged results and runs it here, or goes on waiting.
     * Exactly one of this and the result's arrival completes the record (the table decides).
     *
     * <p>Waiting could last forever if the orphan O waited, through a chain of waits, for a job on this worker's stack
     * below the waiting one (each of those waits for the job above it). The chain from O runs along two kinds of
     * edges: a job waits for the records it spawned, and a job in a sync waits for the job its worker took up in that
     * sync. Which bound applies depends on the stack:
     * <ul>
     *   <li><b>One path from a root job</b> ({@link #rootedPath}): every job on the stack is an ancestor of the
     *       waiting spawn C, and the only edges into a job on it come from its parent, which is the job below it, and
     *       into the bottom job none (a root's caller is not a job). So a chain from O can reach the stack only by
     *       starting on it, and it does not: O is a different job, running elsewhere. No cycle passes through this
     *       worker, and it waits without a bound: until the outcome arrives, the holder dies, or the holder says the
     *       result cannot travel (the table hands the record back each time). This is the usual case of a master's
     *       re-execution ({@code main} is the root) and of a new master's re-run of {@code main}.</li>
     *   <li><b>One path from a job that came from elsewhere</b> (stolen from another worker or node, or requeued):
     *       a chain from O can enter the stack only at its bottom B, from B's parent P on another worker. P's
     *       worker may have taken P up in the sync of a job that O waits for (a descendant of O, for instance), so
     *       the cycle O, ..., P, B, ..., C, O is possible, if rare. Since O's descendants never make the call C (O and
     *       C are the same call, and a call that reaches itself would not end), the cycle needs such a take-up on
     *       another worker; the wait is bounded by {@link #PATH_RECLAIM_NANOS}, a safety net long enough for the
     *       orphans that are worth saving.</li>
     *   <li><b>Any other stack</b>: a job J on it that is not C's ancestor is a job this worker took up in a sync;
     *       O may wait for J directly (J may be O's descendant, stolen from O's node). The wait is bounded by
     *       {@link #RECLAIM_NANOS}.</li>
     * </ul>
     * A job taken back from a dead thief ({@link WorkerPool#takeBack}) that waits for its own orphan is not a spawn of
     * a re-execution, and the first case's argument does not hold for it: the orphan may be a copy of that very job
     * that came back to this node through the dead one (a relay passes arrived jobs on) and sits where only this
     * worker, waiting for the job, would take it up. So on a path from a root job it waits at most
     * {@link #PATH_RECLAIM_NANOS} too (without a bound, one run in about twenty of {@code MultiNodeFaultsTest}'s
     * orphan case hung; this self-wait is the suspected cause, not a traced one).
     */
    private boolean reclaim(InvocationRecord awaited, long idleSince) {
        if (!(lineage(awaited) instanceof Awaiting a) || rootedPath && !a.takenBack()
                || System.nanoTime() - idleSince < (onePath ? PATH_RECLAIM_NANOS : RECLAIM_NANOS)
                || !salvaged.reclaim(a.key(), awaited)) {
            return false;
        }
        setLineage(awaited, RE_EXECUTION);
        jobsExecuted++;
        long start = System.nanoTime();
        execute(awaited, false, false); // its own record, re-executed here
        pool.reExecuted(System.nanoTime() - start);
        completeShared(awaited);
        return true;
    }

    @Override
    protected void failedInline(InvocationRecord failed) {
        if (haltedBy == null) {
            haltedBy = failed;
        }
        askNext(); // the fast path's next poll must ask inlineNext, which now says "queue"
    }

    /** Ends the halt of {@link #haltedBy} when {@code frame} holds its record (the frame is synced or abandoned). */
    private void endHalt(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            if (r == haltedBy) {
                haltedBy = null;
                return;
            }
        }
    }

    @Override
    protected void sync(InvocationRecord frame) {
        if (haltedBy != null) {
            endHalt(frame);
        }
        if (pool.anyAbort) {
            stopIfAborted();
        }
        boolean failed = false;
        for (InvocationRecord r = frame; r != null && !failed; r = next(r)) {
            failed = isDone(r) && failedUncaught(r);
        }
        for (InvocationRecord r = frame; r != null && !failed; r = next(r)) {
            awaitRecord(r);
            failed = isDone(r) && failedUncaught(r);
        }
        if (failed) {
            abandonAfterUncaught(frame);
        }
        InvocationRecord oldestFirst = null;
        for (InvocationRecord r = frame, older; r != null; r = older) {
            older = next(r);
            setNext(r, oldestFirst);
            oldestFirst = r;
        }
        finish(oldestFirst);
    }

    /**
     * The original's order: a child that threw past its parent cancels its siblings at once. A sibling cancelled here
     * may have completed since the inlet poll last looked (a thief finished it in between), with an exception for
     * its inlet: that inlet never runs, so the sibling counts as cancelled too, and its exception is discarded with
     * it instead of leaving by this sync in place of the uncaught one. One read of its state decides: a record not
     * done then is aborted (whatever it ends with is discarded), a done one is looked at after the acquire read.
     */
    private void abandonAfterUncaught(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            if (!isDone(r) || isForInlet(r)) {
                setAborted(r);
            }
        }
        abandon(frame);
    }

    /** Runs {@code r} here if it is still queued, or waits for its thief; does not wait for an aborted record. */
    private void awaitRecord(InvocationRecord r) {
        if (isDone(r) || isAborted(r)) {
            return;
        }
        if (deque.popIf(r)) {
            askNextHere();
            run(r, OWN, null);
        } else {
            runJobsUntil(r);
            if (pool.anyAbort) {
                stopIfAborted();
            }
        }
    }

    @Override
    protected InvocationRecord inletPoll(InvocationRecord frame) {
        if (haltedBy != null) {
            endHalt(frame);
        }
        if (pool.anyAbort) {
            stopIfAborted();
        }
        boolean failed = false;
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            if (isDone(r) && isForInlet(r)) {
                return r;
            }
            failed |= isDone(r) && failedUncaught(r);
        }
        for (InvocationRecord r = frame; r != null && !failed; r = next(r)) {
            awaitRecord(r);
            if (isDone(r) && isForInlet(r)) {
                return r;
            }
            failed = isDone(r) && failedUncaught(r);
        }
        return null; // all done, or one threw past the inlets: the sync that follows rethrows it at once
    }

    /** A write method called on this worker: to the pool's replicas (one JVM: the object itself). */
    @Override
    protected Object writeShared(satin.SharedObject target, String method, Object[] args) throws Throwable {
        return pool.external.sharedObjects().write(target, method, args);
    }

    @Override
    protected void exportShared(satin.SharedObject target) {
        pool.external.sharedObjects().export(target);
    }

    @Override
    protected void abort(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            setAborted(r); // also a completed record: its result is discarded
        }
        cancel(frame);
    }

    @Override
    protected void abandon(InvocationRecord frame) {
        if (haltedBy != null) {
            endHalt(frame);
        }
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            if (!isDone(r)) {
                setAborted(r); // the method is leaving by an exception: nobody wants the result
            }
        }
        cancel(frame);
    }

    /**
     * Drops the frame's aborted records still queued here and cancels those running elsewhere: a worker of this
     * pool notices through its signal, another node through a message from the pool's {@link ExternalWork}.
     */
    private void cancel(InvocationRecord frame) {
        boolean elsewhere = false;
        for (InvocationRecord r = frame; r != null; r = next(r)) {
            if (isDone(r) || !isAborted(r)) {
                continue;
            }
            if (deque.popIf(r)) {
                askNext();
                if (trace != null) {
                    trace.onJobEnd(traceId(r), 0, 0); // in the tree as a job that did nothing
                }
                jobsAborted++;
                setFailure(r, Aborted.INSTANCE);
                completeHere(r); // dropped unrun
            } else {
                elsewhere = true;
                if (thief(r) == null) {
                    pool.external.abort(r); // stolen by another node, or by a worker about to record itself
                }
            }
        }
        if (elsewhere) {
            pool.signalAbort();
        }
    }

    /** Throws {@link Aborted} when the job this worker runs, or one of its ancestors, was aborted. */
    private void stopIfAborted() {
        abortSignal = false; // cleared before the chain is read: see the class comment
        if (current != null && isAbortedChain(current)) {
            // Raised again while the job unwinds: an inline call site of the job catches what its callee throws (to
            // rethrow it at the sync), so the job's next inline spawn must look again instead of starting more work.
            abortSignal = true;
            askNext();
            throw Aborted.INSTANCE;
        }
    }

    private boolean currentAborted() {
        return pool.anyAbort && current != null && isAbortedChain(current);
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
        idleOpenSince = idleSince;
        long began = idleSince;
        long nestedBefore = nestedNanos;
        boolean searched = false; // for the timeline: a wait is a stretch in which a search for work failed
        while (awaited == null ? !pool.isTerminating() : !awaitOver(awaited)) {
            InvocationRecord job = findWork(awaited);
            if (job == null) {
                searched = true;
                if (awaited != null && salvaged != null && reclaim(awaited, idleSince)) {
                    long now = System.nanoTime();
                    idleNanos += now - idleSince;
                    if (track != null) {
                        trackWait(awaited, idleSince, now);
                    }
                    searched = false;
                    idleSince = now;
                    idleOpenSince = now;
                    continue;
                }
                if (foundSource == NOTHING_AFTER_ROUND_TRIP) {
                    backoff.reset(); // the steal round trip was the wait: ask again at once (ExternalWork#retryAtOnce)
                    continue;
                }
                backoff.pause(this, awaited);
                continue;
            }
            long found = System.nanoTime();
            idleNanos += found - idleSince;
            idleOpenSince = 0;
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
            idleOpenSince = idleSince;
        }
        long end = System.nanoTime();
        idleNanos += end - idleSince;
        idleOpenSince = 0;
        nestedNanos = nestedBefore + (end - began); // a sync's search, and what ran in it, is not its job's own time
        if (track != null && searched) {
            trackWait(awaited, idleSince, end);
        }
        if (timed) {
            timer.resume();
        }
    }

    /** A sync stops waiting for {@code r}: it completed, was aborted, or this worker's own job was aborted. */
    private boolean awaitOver(InvocationRecord r) {
        return isDone(r) || isAborted(r) || currentAborted();
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
            askNextHere();
            foundSource = OWN;
            return job;
        }
        if (quota != 0) { // its own work ran out before the quota was spent: offer what there is
            quota = 0;
            offering = false;
        }
        deque.clearTaken();
        if (awaited == null && (job = pool.pollSubmission()) != null) {
            foundSource = SUBMITTED;
            return job;
        }
        if (awaited != null) {
            if (thief(awaited) instanceof Worker thief && thief != this && (job = stealFrom(thief, awaited)) != null) {
                return job;
            }
        }
        if ((job = pool.pollRequeued(awaited == null ? null : current)) != null) {
            foundSource = REQUEUED;
            return job;
        }
        if ((job = stealRound(awaited)) != null) {
            return job;
        }
        if ((job = pollExternal(awaited)) != null) {
            foundSource = EXTERNAL;
            return job;
        }
        foundSource = pool.external.retryAtOnce(index) ? NOTHING_AFTER_ROUND_TRIP : NOTHING;
        return null;
    }

    /** Asks the pool's {@link ExternalWork}; a poll in a sync stops waiting once {@code record} is done. */
    private InvocationRecord pollExternal(InvocationRecord record) {
        if (pool.external == ExternalWork.NONE) {
            return null; // confined to this JVM: nothing to ask, so no awaited record to publish around the asking
        }
        if (record == null) {
            return pool.external.poll(index, terminating, false);
        }
        this.awaited = record; // volatile: before the poll's first look at the record (see WorkerPool)
        try {
            return pool.external.poll(index, () -> isDoneVolatile(record) || isAborted(record) || pool.isTerminating(),
                    true);
        } finally {
            this.awaited = null;
        }
    }

    private InvocationRecord stealRound(InvocationRecord awaited) {
        Worker[] all = pool.workers;
        int n = all.length;
        if (n < 2) {
            return null;
        }
        int start = nextRandom(n);
        for (int i = 0; i < n; i++) {
            Worker victim = all[(start + i) % n];
            if (victim != this) {
                InvocationRecord job = stealFrom(victim, awaited);
                if (job != null) {
                    return job;
                }
            }
        }
        return null;
    }

    /** One attempt on {@code victim}; {@code awaited} is the stolen record a sync waits for, or null. */
    private InvocationRecord stealFrom(Worker victim, InvocationRecord awaited) {
        stealAttempts++;
        if (batching && victim.offering && !awaitOffer(victim, awaited)) {
            if (track != null) {
                failedStealsUntracked++; // an attempt in the statistics, so one in the timeline too
            }
            return null; // the record this worker's sync waits for is done: back to its own work, nothing taken
        }
        InvocationRecord job = loopSplitting ? LoopSplitting.take(victim) : null;
        boolean part = job != null; // a part of a loop: work enough, and the victim's deque did not shrink
        if (!part) {
            job = victim.deque.steal();
        }
        int taken = job == null ? 0 : 1 + (batching && !part ? takeBatch(victim) : 0);
        if (batching && !part && taken <= SMALL_STEAL && !victim.hungry) {
            victim.hungry = true; // then ask: the victim's look after ask sees it
            victim.askNext();
        }
        if (job != null) {
            if (!part) {
                victim.askNext(); // its deque shrank: its next spawn may queue again
            }
            steals += taken;
            foundSource = STOLEN;
            foundVictim = victim;
            if (track != null) {
                long now = System.nanoTime();
                track.add(Track.LOCAL_STEAL, now, now, (long) taken << 32 | victim.index, failedStealsUntracked);
                failedStealsUntracked = 0;
            }
        } else if (track != null) {
            failedStealsUntracked++;
        }
        return job;
    }

    /**
     * Waits until {@code victim} queued its quota for a thief, or at most {@link #OFFER_WAIT_NANOS}; returns false,
     * early, once {@code awaited} (the record a sync of this worker waits for, or null) is done. A worker in a sync
     * that went on waiting would take a batch and run it before going back to its own job, whose remaining work
     * (below that sync on its stack) no other worker can reach meanwhile.
     */
    private static boolean awaitOffer(Worker victim, InvocationRecord awaited) {
        long deadline = System.nanoTime() + OFFER_WAIT_NANOS;
        while (victim.offering && System.nanoTime() < deadline) {
            if (awaited != null && isDoneVolatile(awaited)) {
                return false;
            }
            for (int i = 0; i < 32; i++) {
                Thread.onSpinWait();
            }
        }
        return true;
    }

    /**
     * After a steal: takes more of the victim's oldest records, up to half of what it still holds and at most
     * {@link #MAX_BATCH} - 1 more, and queues them here as this worker's own (see "Demand and batches"). Each is
     * marked with this worker as its thief when taken, as a stolen record is when it runs; returns how many it took.
     */
    private int takeBatch(Worker victim) {
        int more = Math.min(victim.deque.sizeEstimate() >> 1, MAX_BATCH - 1);
        int taken = 0;
        for (; taken < more; taken++) {
            InvocationRecord extra = victim.deque.steal();
            if (extra == null) {
                break;
            }
            setThief(extra, this); // before its aborted flag is read, as for any stolen record (see run)
            deque.push(extra);
        }
        if (taken > 0) {
            pool.signalWork();
        }
        return taken;
    }

    /**
     * A record leaves for another node: forgets a thief it had from a batch ({@link #takeBatch}), so that an abort of
     * it goes to the node that runs it.
     */
    static void leavesForExport(InvocationRecord record) {
        setThief(record, null);
    }

    private void run(InvocationRecord job, int source, Worker victim) {
        jobsExecuted++;
        if (source == STOLEN) {
            setThief(job, this); // before the abort check: an aborter writes aborted, then reads thief
        }
        boolean anyAbort = pool.anyAbort;
        // Timed for the wasted time, and re-executions for the crash figures. A job of this worker's own deque that
        // starts before any abort in the pool is not: two clock reads were a third of a queued spawn's cost (UTS
        // T3L with every spawn queued), and its time stays in the enclosing job's own time (see "Wasted time").
        boolean timed = anyAbort || source != OWN;
        long start = timed ? System.nanoTime() : 0;
        long nestedBefore = nestedNanos;
        if (anyAbort && isAbortedChain(job)) {
            setFailure(job, Aborted.INSTANCE); // not run: its owner does not want it
            if (trace != null) {
                trace.onJobEnd(traceId(job), 0, 0); // in the tree as a job that did nothing, as when dropped queued
            }
        } else {
            execute(job, source == SUBMITTED, source == EXTERNAL);
        }
        long elapsed = timed ? System.nanoTime() - start : 0;
        if (endedAborted(job)) {
            jobsAborted++;
            wastedNanos += Math.max(0, elapsed - (nestedNanos - nestedBefore)); // its own time only
        }
        if (timed) {
            nestedNanos = nestedBefore + elapsed; // the enclosing job's own time leaves this job out
        }
        switch (source) {
            case OWN -> {
                if (batching && thief(job) == this) { // taken in a batch from another worker: its owner may wait
                    completeShared(job);
                    pool.wake(job);
                } else {
                    completeHere(job);
                }
            }
            case STOLEN -> {
                completeShared(job);
                pool.wake(job); // its owner, which need not be the victim: a batch passes records on
            }
            case SUBMITTED -> completeShared(job);
            case REQUEUED -> {
                pool.reExecuted(elapsed);
                completeShared(job);
                pool.wake(job);
            }
            default -> {
                if (salvaged != null && isReExecution(job)) {
                    pool.reExecuted(elapsed); // lost work run again, here for another node
                }
                completeShared(job);
                pool.external.finished(job, failure(job));
            }
        }
    }

    /**
     * Runs a job, keeping what it throws; timed for the trace when one is recorded.
     *
     * @param root whether the job is a root job (submitted), for {@link #rootedPath}
     * @param foreign whether the job came from another node, for {@link #localJob()}
     */
    private void execute(InvocationRecord job, boolean root, boolean foreign) {
        InvocationRecord outer = current;
        boolean outerForeign = currentForeign;
        currentForeign = foreign;
        boolean outerPath = onePath;
        boolean outerRooted = rootedPath;
        if (salvaged != null) { // the stack's shape, for reclaim: two plain reads and writes per executed job
            onePath = outer == null || outerPath && parent(job) == outer;
            rootedPath = onePath && (outer == null ? root : outerRooted);
        }
        current = job;
        InvocationRecord outerLoopJob = loopSplitting ? loopJob(job) : null;
        int loopsHeight = loopSplitting ? loopsHeight() : 0;
        if (track != null) {
            long start = System.nanoTime();
            executeTimed(job);
            track.add(Track.JOB, start, System.nanoTime(), 0, 0);
        } else {
            executeTimed(job);
        }
        if (loopSplitting) {
            loopsEnd(loopsHeight); // loops the job left by an exception run no more
            loopJob(outerLoopJob);
        }
        current = outer;
        currentForeign = outerForeign;
        onePath = outerPath;
        rootedPath = outerRooted;
    }

    private void executeTimed(InvocationRecord job) {
        if (salvaged != null) {
            executeMaybeLookingUp(job);
            return;
        }
        if (timer == null) {
            runCall(job);
        } else {
            timer.started(traceId(job));
            runCall(job);
            timer.ended(failure(job) == null ? SizeEstimate.result(job) : 0);
        }
    }

    /**
     * {@link #execute} in a pool that survives crashes: in lookup mode for a re-execution (see the class comment). The
     * mode, and with it the threshold in force, changes only when it differs from the enclosing job's: without crashes
     * never, so a job costs a read of its lineage and of the flag (no write, no volatile {@code askNext}).
     */
    private void executeMaybeLookingUp(InvocationRecord job) {
        boolean outer = lookup;
        setLookup(lineage(job) == RE_EXECUTION && salvaged.active());
        try {
            runCall(job);
        } finally {
            setLookup(outer && salvaged.active());
        }
    }

    /** Enters or leaves lookup mode; the next spawn asks {@link #inlineNext()} when the threshold in force changed. */
    private void setLookup(boolean on) {
        if (lookup != on) {
            lookup = on;
            threshold = on ? Integer.MAX_VALUE : inlineThreshold;
            askNext();
        }
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
        parks++;
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
        return (record == null || !isDoneVolatile(record)) && !pool.isTerminating()
                && !pool.anyQueuedWork(record == null ? null : current);
    }

    /** Withdraws what {@link #announceParking} announced. */
    void endParking() {
        pool.parkedWorkers.decrementAndGet();
        parked = false;
        awaited = null;
    }

    // ---- bookkeeping of records that come from outside a worker, for the pool ----

    /** Marks a record as part of a re-execution (before it is queued or run). */
    static void markReExecution(InvocationRecord record) {
        setLineage(record, RE_EXECUTION);
    }

    /**
     * Marks a job taken back from a dead thief that now waits for the salvaged result {@code key}, so that the sync
     * waiting for it may run it after all (see {@link #reclaim}).
     */
    static void markTakenBackAwaiting(InvocationRecord record, long key) {
        setLineage(record, new Awaiting(key, true));
    }

    /** Whether {@code record} was spawned, on this node, by {@code job} or by one of its descendants. */
    static boolean descendsFrom(InvocationRecord record, InvocationRecord job) {
        for (InvocationRecord r = parent(record); r != null; r = parent(r)) {
            if (r == job) {
                return true;
            }
        }
        return false;
    }

    static boolean isReExecution(InvocationRecord record) {
        return lineage(record) == RE_EXECUTION;
    }

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

    /** Marks a record aborted on behalf of the pool (another node cancelled the job it stole from there). */
    static void markAborted(InvocationRecord record) {
        setAborted(record);
    }

    /** Whether the record was aborted, for the pool. */
    static boolean aborted(InvocationRecord record) {
        return isAborted(record);
    }

    /** Whether the record's call ended by the unwinding of an abort, for the pool. */
    static boolean abortedOutcome(InvocationRecord record) {
        return endedAborted(record);
    }

    /**
     * A snapshot of this worker's statistics; exact once the worker has terminated. While it runs, the idle stretch
     * it is in counts as idle up to now (so a progress line does not show a long-idle worker as busy).
     */
    public WorkerStatistics statistics() {
        long end = endNanos != 0 ? endNanos : System.nanoTime();
        long run = startNanos == 0 ? 0 : end - startNanos;
        long inlined = spawnsInlined;
        long open = endNanos == 0 ? idleOpenSince : 0;
        long idle = open == 0 ? idleNanos : Math.min(idleNanos + Math.max(0, end - open), run);
        return new WorkerStatistics(index, spawnsQueued + inlined, inlined, jobsExecuted,
                stealAttempts, steals, run, idle, jobsAborted, wastedNanos);
    }
}
