package satin.contract;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The thread type a runtime's workers extend: how the runtime plugs into the contract.
 *
 * <p>{@link Spawns} asks whether the current thread is a {@code SpawnThread}; on one, every entry point is
 * delegated to it, off one, the spawn runs inline (the sequential program). The contract knows no runtime: a
 * runtime's worker class extends this type and implements the four operations, and nothing else in this
 * package names it. With a single implementation loaded (the normal case), class-hierarchy analysis lets the JIT
 * compiler bind the calls statically and inline them, so the hot path of {@link Spawns#inline()} stays a type
 * check of the current thread plus what the implementation of {@link #inlineNext()} reads.
 *
 * <h2>The record's bookkeeping</h2>
 * An {@link InvocationRecord} carries fields only a runtime may touch: the link to the next older record of its
 * frame, its completion state, what its call threw, the worker that stole it, its trace id and its lineage (what a
 * fault-tolerant runtime knows of its place in the spawn tree). They are
 * package-private in the record and reached through the protected static methods below, so only a
 * {@code SpawnThread} subclass (the runtime's worker) can read or write them; user code and generated records
 * cannot. Each method states the memory-ordering guarantee it gives; none allocates.
 *
 * <h2>The inline test</h2>
 * {@link Spawns#inline()} is on the path of every polling spawn (the rewriter's fast copy polls once per invocation,
 * after each {@code sync()} and in loops; the other spawns are plain calls), so its common case is one field read:
 * {@link #inlineQuick()} reads {@code ask} (opaque: a plain load the compiler may not hoist out of a loop) and, while
 * it is zero, answers "inline" without asking the runtime. It counts nothing: a per-spawn counter cost a third of
 * Fib's sequential time, so the runtime's statistics count the spawns it was asked about (see
 * {@link #inlineNext()}), not the plain calls between. The runtime keeps {@code ask} non-zero whenever its answer
 * could be different ({@link #askNext()}: work was taken from its deque, an abort is signalled, it must queue every
 * spawn) and clears it ({@link #clearAsk()}) only from {@link #inlineNext()}, on this thread, when it answered inline;
 * the clearing and every raising are volatile writes, so a runtime that clears and then re-reads what it decided on
 * cannot miss a raising in between: either it sees the other thread's change, or the other thread's raising is
 * ordered after its clearing and wins.
 */
public abstract class SpawnThread extends Thread implements satin.RuntimeThread {

    private static final VarHandle ASK;

    static {
        try {
            ASK = MethodHandles.lookup().findVarHandle(SpawnThread.class, "ask", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Non-zero: the next inline test asks {@link #inlineNext()}. Starts raised. */
    private volatile int ask = 1;

    protected SpawnThread(String name) {
        super(name);
    }

    /**
     * A thread whose stack may grow to {@code stackBytes} (0: the JVM's default, {@code -Xss}). A worker's stack holds
     * its recursion and, in every sync, the jobs it runs there; a deep tree (UTS's binomial trees are thousands of
     * levels deep) overflows the default of 1 MB, while a larger reservation costs address space only until used.
     */
    protected SpawnThread(String name, long stackBytes) {
        super(null, null, name, stackBytes);
    }

    /** The inline test of {@link Spawns#inline()} on this thread: one opaque read while nothing changed. */
    final boolean inlineQuick() {
        if ((int) ASK.getOpaque(this) == 0) {
            return true;
        }
        return inlineNext();
    }

    /** Makes the next inline test ask {@link #inlineNext()}; any thread, a volatile write. */
    protected final void askNext() {
        ask = 1;
    }

    /**
     * {@link #askNext()} on this thread: writes only when {@code ask} is clear. Only this thread clears it, so a
     * raised value it reads stays raised until this thread clears it, and the volatile write (a full fence on x86),
     * which a worker would otherwise pay for every job it pops from its own deque, is skipped when it would change
     * nothing.
     */
    protected final void askNextHere() {
        if ((int) ASK.getOpaque(this) == 0) {
            ask = 1;
        }
    }

    /**
     * Lets inline tests answer "inline" without asking until {@link #askNext()}; this thread only, from
     * {@link #inlineNext()}, a volatile write (re-read what the decision rests on afterwards, see the class comment).
     */
    protected final void clearAsk() {
        ask = 0;
    }

    // ---- counted loops that can be split (LoopRange) ----

    /** The loops this thread runs, when it registers them so that they can be split; null otherwise. */
    private LoopStack loopStack;

    /** Lets this thread's counted loops be split (see {@link LoopRange}); before it starts. */
    protected final void splitLoops(boolean on) {
        loopStack = on ? new LoopStack() : null;
    }

    /**
     * The job that runs on this thread from now on, for the loops it enters; returns the previous one. This thread's
     * runtime calls it around each job it runs, and restores the stack of loops with {@link #loopsEnd}.
     */
    protected final InvocationRecord loopJob(InvocationRecord job) {
        LoopStack s = loopStack;
        if (s == null) {
            return null;
        }
        InvocationRecord outer = s.job;
        s.job = job;
        return outer;
    }

    /** The height of the stack of loops, to restore after a job with {@link #loopsEnd(int)}. */
    protected final int loopsHeight() {
        LoopStack s = loopStack;
        return s == null ? 0 : s.top;
    }

    /** Drops the loops above {@code height}: a job ended, and nothing it entered runs any more. */
    protected final void loopsEnd(int height) {
        LoopStack s = loopStack;
        if (s != null) {
            s.top = height;
        }
    }

    /** Registers a loop (see {@link Spawns#loopEnter}); {@code ownJob}: its parts belong to the running job. */
    final void pushLoop(LoopRange range, boolean ownJob) {
        LoopStack s = loopStack;
        if (s != null) {
            s.push(range, ownJob);
        }
    }

    /**
     * A thief's share of this thread's loops (see {@link LoopStack#split()}): a part of one loop, a {@link LoopParts}
     * of several, or null when no loop has iterations left. This thread only, at a poll.
     */
    protected final InvocationRecord splitLoopsForThief() {
        LoopStack s = loopStack;
        return s == null ? null : s.split();
    }

    /**
     * Runs a part of a {@link LoopParts} this thread took, as a stolen record of its own (its loop's exit may wait
     * for it). This default runs it and marks it complete.
     */
    protected void runPart(InvocationRecord part) {
        part.runCapturingFailure();
        part.completeShared();
    }

    /**
     * Waits for the parts split off {@code range}, which its loop left (see {@link Spawns#loopExit}); {@code parts}
     * is the newest. Returns the failure to rethrow: that of the lowest part that threw, or null.
     */
    protected Throwable awaitParts(InvocationRecord parts) {
        Throwable failure = null;
        for (LoopRange p = (LoopRange) parts; p != null; p = p.nextPart) {
            p.runCapturingFailure(); // a runtime that splits loops overrides this; here no thief can have taken one
            if (failure == null) {
                failure = p.failure;
            }
        }
        return failure;
    }

    /** The next older part split off the same range as {@code part}, or null. */
    protected static InvocationRecord nextPart(InvocationRecord part) {
        return ((LoopRange) part).nextPart;
    }

    // ---- the four operations rewritten code reaches through Spawns, on this thread ----

    /**
     * Whether the next spawn on this thread runs as a plain call instead of being queued; asked while {@code ask}
     * is raised (see the class comment).
     */
    protected abstract boolean inlineNext();

    /** Queues {@code record}, links it into {@code frame} and returns the new frame head ({@code record}). */
    protected abstract InvocationRecord spawn(InvocationRecord record, InvocationRecord frame);

    /** Waits for every record of {@code frame} (never null), then finishes it (see {@link #finish}). */
    protected abstract void sync(InvocationRecord frame);

    /** The spawning method leaves by an exception: drops the records of {@code frame} still queued here. */
    protected abstract void abandon(InvocationRecord frame);

    /**
     * Waits until some record of {@code frame} (never null) threw an exception for its inlet and returns it, or
     * returns null once every record that is not aborted has completed (see {@link Spawns#inletPoll}).
     */
    protected abstract InvocationRecord inletPoll(InvocationRecord frame);

    /** {@code abort()}: cancels every record of {@code frame} (never null) and all they spawned. */
    protected abstract void abort(InvocationRecord frame);

    /**
     * A spawnable call that ran inline threw, and {@code failed} (the frame's new head) stands for it. The original
     * Satin queued every spawn and ran a child's inlet, or cancelled the siblings of a child that threw past its
     * parent, before any sibling spawned after it ran; an inline call runs before the spawns that follow it, so a
     * runtime keeps that order by queueing, instead of inlining, every spawn of this thread until the frame holding
     * {@code failed} is synced or abandoned. This default (a runtime that never inlines) does nothing.
     */
    protected void failedInline(InvocationRecord failed) {
    }

    /**
     * Whether the record completed with an exception that no inlet will take: not aborted, and either covered by no
     * inlet or already refused by its inlets. A sync that sees one cancels the rest of the frame and rethrows.
     */
    protected static boolean failedUncaught(InvocationRecord record) {
        return record.failure != null && !record.aborted && !Frames.isForInlet(record);
    }

    // ---- shared objects, reached through SharedWrites on this thread ----

    /**
     * A write method called on this thread ({@link SharedWrites#write}). This default, for a runtime confined to
     * one JVM, applies it to the one replica there is, holding its monitor; a runtime spanning nodes overrides it.
     *
     * @param method the method's name followed by its descriptor ({@code "lower(I)V"})
     */
    protected Object writeShared(satin.SharedObject target, String method, Object[] args) throws Throwable {
        return SharedMethods.applyLocally(target, method, args);
    }

    /** {@code exportObject()} called on this thread; in one JVM there is nothing to do. */
    protected void exportShared(satin.SharedObject target) {
    }

    // ---- the original's SatinObject statics (satin.RuntimeThread), asked on this thread ----

    /**
     * {@code pause()} ({@code on} false) or {@code resume()} ({@code on} true). This default, for a runtime confined to
     * one JVM, does nothing: there is no balancing traffic to stop.
     */
    @Override
    public void balancing(boolean on) {
    }

    /** {@code needMoreJobs()}: a cheap local estimate. This default answers false (nothing else would take them). */
    @Override
    public boolean needMoreJobs() {
        return false;
    }

    /** {@code localJob()}: whether the job running on this thread was spawned on this node. This default: true. */
    @Override
    public boolean localJob() {
        return true;
    }

    // ---- the record's bookkeeping, for runtimes ----

    /** Whether the record was aborted: a volatile read. */
    protected static boolean isAborted(InvocationRecord record) {
        return record.aborted;
    }

    /** Marks the record aborted: a volatile write, before the aborter looks for who runs it. */
    protected static void setAborted(InvocationRecord record) {
        record.aborted = true;
    }

    /** Whether the record or one of its ancestors on this node was aborted (volatile reads up the chain). */
    protected static boolean isAbortedChain(InvocationRecord record) {
        return record.abortedChain();
    }

    /** The job that spawned the record on this node, or null (a root, or a job that came from another node). */
    protected static InvocationRecord parent(InvocationRecord record) {
        return record.parent;
    }

    /** Sets the job that spawned the record; before the record is published (plain write). */
    protected static void setParent(InvocationRecord record, InvocationRecord parent) {
        record.parent = parent;
    }

    /** Whether a completed record holds an exception for its inlet, not yet handed to it; owner thread only. */
    protected static boolean isForInlet(InvocationRecord record) {
        return Frames.isForInlet(record);
    }

    /** Whether what the record's call threw is the unwinding of an aborted job. */
    protected static boolean endedAborted(InvocationRecord record) {
        return record.failure instanceof Aborted;
    }

    /** The next older record of the same frame; owner thread only (plain read). */
    protected static InvocationRecord next(InvocationRecord record) {
        return record.next;
    }

    /** Links {@code record} to the next older record of its frame; owner thread only (plain write). */
    protected static void setNext(InvocationRecord record, InvocationRecord next) {
        record.next = next;
    }

    /** Whether the record completed: an acquire read, after which its result and failure are visible. */
    protected static boolean isDone(InvocationRecord record) {
        return record.isDone();
    }

    /** Whether the record completed, as a volatile read: the check a waiter makes right before parking. */
    protected static boolean isDoneVolatile(InvocationRecord record) {
        return record.isDoneVolatile();
    }

    /** Marks completion when only the executing thread itself will look (run by its owner): a plain write. */
    protected static void completeHere(InvocationRecord record) {
        record.completeHere();
    }

    /**
     * Marks completion for another thread that may be waiting: a volatile write, ordered after the result and
     * failure, so that a waiter's volatile check before parking and the completer's later read of the waiter's
     * state cannot both miss each other.
     */
    protected static void completeShared(InvocationRecord record) {
        record.completeShared();
    }

    /** Runs the record's call once, keeping what it throws as the record's failure. */
    protected static void runCall(InvocationRecord record) {
        record.runCapturingFailure();
    }

    /** What the record's call threw, or null; read after {@link #isDone} saw completion. */
    protected static Throwable failure(InvocationRecord record) {
        return record.failure;
    }

    /** Sets what the record's call threw (a failure reported from elsewhere); write before completing it. */
    protected static void setFailure(InvocationRecord record, Throwable failure) {
        record.failure = failure;
    }

    /** The thread that stole the record, or null; a volatile read. */
    protected static SpawnThread thief(InvocationRecord record) {
        return record.thief;
    }

    /** Records the thread that stole the record, before it runs it; a volatile write. */
    protected static void setThief(InvocationRecord record, SpawnThread thief) {
        record.thief = thief;
    }

    /** The record's id in a trace being recorded; plain, written before the record is published. */
    protected static int traceId(InvocationRecord record) {
        return record.traceId;
    }

    /** Sets the record's trace id; before the record is pushed or submitted (plain write). */
    protected static void setTraceId(InvocationRecord record, int id) {
        record.traceId = id;
    }

    /** The runtime's lineage object of the record (its identity in the spawn tree), or null; plain read. */
    protected static Object lineage(InvocationRecord record) {
        return record.lineage;
    }

    /**
     * Sets the record's lineage object; before the record is published (pushed, submitted or handed to another
     * thread through a queue that orders the write), plain write.
     */
    protected static void setLineage(InvocationRecord record, Object lineage) {
        record.lineage = lineage;
    }

    /**
     * The end of a sync once every record of the frame completed, given the frame linked oldest first: rethrows
     * the oldest failure (the others attached as suppressed) or else delivers every result (see {@link Spawns}).
     */
    protected static void finish(InvocationRecord oldestFirst) {
        Frames.finish(oldestFirst);
    }
}
