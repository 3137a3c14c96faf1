package satin.contract;

/**
 * The entry points that rewritten code calls; the only runtime API the rewriter knows.
 *
 * <h2>Shape of rewritten code</h2>
 * A method that spawns gets one extra local, the <em>frame</em>: the newest {@link InvocationRecord}
 * spawned by this invocation (initially {@code null}); records are chained newest first through a link
 * the runtime keeps. A spawn site {@code dest = target.m(args)} becomes:
 * <pre>
 *   if (Spawns.inline()) {                    // enough stealable work already queued: a plain call
 *       try { dest = target.m(args); siteRecord = null; }
 *       catch (Throwable t) { frame = Spawns.failed(t, frame); }
 *   } else {
 *       siteRecord = Record.create([array, index | object,] target, args);
 *       frame = Spawns.spawn(siteRecord, frame);
 *   }
 * </pre>
 * {@code sync()} becomes {@code Spawns.sync(frame); frame = null;} (clearing the frame local before the call,
 * passing its old value, is equivalent: a frame is dead once synced) followed, for every spawn site whose
 * destination is a local variable, by {@code if (siteRecord != null) { local = siteRecord.result;
 * siteRecord = null; }}. A method that spawns is wrapped in a handler that calls {@link #abandon} and
 * rethrows when it exits by an exception, and gets an implicit sync before each return.
 *
 * <p>The rewriter emits that shape as the <em>slow copy</em>, in a synthetic slow method of the class; the method
 * itself keeps a <em>fast copy</em> of the original code, in which a spawn is a plain call (at polling spawns behind
 * {@code if (!Spawns.inline()) return <the slow method, from this spawn>}) and {@code sync()} does nothing; see the
 * rewriter's README.
 *
 * <p>Outside a Satin worker thread every spawn runs inline, so rewritten code run without a runtime is the
 * sequential program, with one difference that holds on workers too: an exception thrown by a spawnable
 * call is rethrown at the next {@code sync()} of the caller (see {@link #failed}), not at the call.
 *
 * <p>This class is the whole entry contract: the rewriter emits calls to exactly these methods (their names and
 * descriptors are {@link ContractNames}), and a runtime serves them by running its workers as
 * {@link SpawnThread}s. The runtime's spawn/sync machinery behind the calls is described with its worker class.
 */
public final class Spawns {

    private Spawns() {
    }

    /**
     * Whether the next spawn on this thread should run as a plain call instead of being queued: always off
     * a worker; on a worker, when it already holds enough queued (stealable) work.
     */
    public static boolean inline() {
        return !(Thread.currentThread() instanceof SpawnThread w) || w.inlineQuick();
    }

    /**
     * Queues {@code record} for execution and links it into {@code frame}. Off a worker (which rewritten code
     * never does, since {@link #inline()} is then true) the record runs at once: sequential semantics.
     *
     * @return the new frame head ({@code record})
     */
    public static InvocationRecord spawn(InvocationRecord record, InvocationRecord frame) {
        if (Thread.currentThread() instanceof SpawnThread w) {
            return w.spawn(record, frame);
        }
        record.runCapturingFailure();
        record.completeHere();
        record.next = frame;
        return record;
    }

    /**
     * Records that an inlined spawnable call threw {@code cause}; the exception is rethrown by the next
     * {@link #sync} of the frame, exactly like the exception of a queued call (on workers and off them). On a worker
     * the frame's later spawns are then queued until its sync (see {@link SpawnThread#failedInline}), which rethrows
     * at once and cancels them: the original's order, in which siblings never ran before a failed child's
     * exception cancelled them.
     *
     * @return the new frame head
     */
    public static InvocationRecord failed(Throwable cause, InvocationRecord frame) {
        FailedRecord failed = new FailedRecord(cause, frame);
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.failedInline(failed);
        }
        return failed;
    }

    /**
     * {@link #spawn} for a site covered by an inlet: the record carries the site's inlet {@code group} (at least 1),
     * the key of the rewritten method's dispatch to its catch blocks.
     */
    public static InvocationRecord spawnInlet(InvocationRecord record, InvocationRecord frame, int group) {
        record.inlet = group;
        return spawn(record, frame);
    }

    /**
     * {@link #failed} for a site covered by an inlet of {@code group}: its inlet will handle {@code cause}, at the
     * frame's next sync before any sibling spawned after it runs (they are queued, see {@link #failed}).
     */
    public static InvocationRecord failedInlet(Throwable cause, InvocationRecord frame, int group) {
        FailedRecord failed = new FailedRecord(cause, frame);
        failed.inlet = group;
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.failedInline(failed);
        }
        return failed;
    }

    /**
     * The first step of a sync where inlets may run: waits (running queued work meanwhile) until some record of
     * {@code frame} has thrown an exception for its inlet, and returns it; returns null once every record not
     * aborted has completed. The rewritten method then takes the group ({@link #inletGroup}) and the exception
     * ({@link #inletFailure}), runs the matching catch block and polls again; after null it calls {@link #sync}.
     */
    public static InvocationRecord inletPoll(InvocationRecord frame) {
        if (frame == null) {
            return null;
        }
        if (Thread.currentThread() instanceof SpawnThread w) {
            return w.inletPoll(frame);
        }
        return Frames.readyForInlet(frame);
    }

    /** The inlet group of a record {@link #inletPoll} returned; marks it handed to the inlet code. */
    public static int inletGroup(InvocationRecord record) {
        int group = record.inlet;
        record.inlet = -group;
        return group;
    }

    /** The exception of a record {@link #inletPoll} returned, taken from it (a sync will not rethrow it). */
    public static Throwable inletFailure(InvocationRecord record) {
        Throwable t = record.failure;
        record.failure = null;
        return t;
    }

    /** No catch block of the record's group matched {@code failure}: the sync rethrows it as usual. */
    public static void uncaught(InvocationRecord record, Throwable failure) {
        record.failure = failure;
    }

    /**
     * Whether a synced record's result may be copied into its destination local: it completed normally, was not
     * aborted and its exception was not handed to an inlet. Used after syncs in methods with inlets or aborts.
     */
    public static boolean hasResult(InvocationRecord record) {
        return record.hasResult();
    }

    /**
     * {@code abort()}: cancels every record of {@code frame} not yet synced, with everything it spawned (see
     * {@link satin.SatinObject#abort()}). A later sync of the frame does not wait for them and delivers nothing of
     * theirs.
     */
    public static void abort(InvocationRecord frame) {
        if (frame == null) {
            return;
        }
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.abort(frame);
        } else {
            Frames.abortAll(frame);
        }
    }

    /**
     * Waits until every record in {@code frame} has completed, running queued work meanwhile; then calls
     * {@link InvocationRecord#deliver()} on each in spawn order, or rethrows the exception of the oldest
     * failed record (the others attached as suppressed; each exception is thrown once).
     */
    public static void sync(InvocationRecord frame) {
        if (frame == null) {
            return;
        }
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.sync(frame);
        } else {
            Frames.syncOffWorker(frame);
        }
    }

    /**
     * The spawning method is leaving by an exception: drop the frame's records that are still queued on
     * this thread; results of records already running elsewhere are discarded.
     */
    public static void abandon(InvocationRecord frame) {
        if (frame != null && Thread.currentThread() instanceof SpawnThread w) {
            w.abandon(frame);
        }
    }

    /**
     * A counted loop whose body spawns starts (see {@link LoopRange}): {@code range} holds its captured locals and
     * covers the indices {@code [from, end)}. On a worker that splits loops it is registered so that a thief's demand
     * can split it; elsewhere this sets the bound and nothing else.
     *
     * @return {@code range}
     */
    public static LoopRange loopEnter(LoopRange range, int from, int end) {
        range.from = from;
        range.end = end;
        range.at = from - 1;
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.pushLoop(range, true);
        }
        return range;
    }

    /**
     * The loop of {@code range} ended (its test failed): drops it from its thread's stack of loops and waits for the
     * parts a thief took, running those nobody took; rethrows the exception of the lowest part that threw.
     */
    public static void loopExit(LoopRange range) {
        Throwable failure = exitPart(range);
        if (failure != null) {
            throw Spawns.<RuntimeException>sneaky(failure);
        }
    }

    /** A part split off a loop starts to run on this thread (see {@link LoopRange#execute()}). */
    static void enterPart(LoopRange part) {
        part.at = part.from - 1;
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.pushLoop(part, false);
        }
    }

    /**
     * The loop of {@code part} (a whole loop, or a part split off one) ended: drops it from its thread's stack of loops
     * and waits for the parts a thief took from it; returns the failure of the lowest part that threw, or null.
     */
    static Throwable exitPart(LoopRange part) {
        LoopStack s = part.stack;
        if (s == null) {
            return null;
        }
        s.top = part.depth;
        part.stack = null;
        LoopRange parts = part.parts;
        part.parts = null;
        return parts == null ? null : ((SpawnThread) Thread.currentThread()).awaitParts(parts);
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
