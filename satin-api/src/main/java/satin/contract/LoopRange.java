package satin.contract;

/**
 * The iterations of one counted loop whose body spawns, as one record that a thief can split: <em>lazy loop
 * splitting</em>. The rewriter turns a loop of the form {@code for (i = a; i < n; i++) c[i] = target.m(args);
 * sync();} into
 * <pre>
 *   LoopRange r = Spawns.loopEnter(new Host$SatinLoopN(captured locals...), a, n);
 *   for (i = a; r.next(i); i++) c[i] = target.m(args);   // the spawn as before: inline or queued
 *   Spawns.loopExit(r);                                   // waits for the iterations given away
 *   sync();
 * </pre>
 * where the generated subclass holds the loop-invariant locals the body reads and {@link #iterate} runs the body for
 * one index. On a worker the range is registered on the thread's stack of loops (oldest first), at the cost of a few
 * plain writes per loop and one per iteration. When a thief asks the worker for work, the worker splits the oldest
 * loops that have iterations left ({@link LoopStack#split()}): each keeps the low half of what is left ({@link #end}
 * moves down) and the high half becomes a new range, a record like any other, which the thief runs.
 * Only the worker running the loop writes {@link #end}, at its own polls, so the loop's bound needs no atomic
 * operation: a pending sibling costs no record until someone asks for it, however deep in the stack it waits.
 *
 * <p>A split-off part runs the same body for its indices (the body reads only captured locals, which the loop does
 * not write, so the values are those every iteration sees), may itself be split, and stores its results where the
 * loop would have (an array of this JVM; a part never leaves its JVM). {@link Spawns#loopExit} waits for every part
 * split off the range (running one no thief took), so results are visible after {@code sync()} as before, and
 * rethrows what a part threw: the exception of the lowest part that failed, before {@code sync()}, which then
 * rethrows nothing else of that loop. When nobody asks, the loop runs its iterations in order, exactly as written.
 */
public abstract class LoopRange extends InvocationRecord implements Cloneable {

    /** First index of this range. */
    transient int from;
    /** One past the last index of this range; lowered by splits, on the thread that runs the range only. */
    transient int end;
    /** The index whose iteration the range's thread runs now ({@code from - 1} before the first). */
    transient int at;
    /** The stack of loops that holds this range while it runs there; null off workers and after exit. */
    transient LoopStack stack;
    /** The range's position on that stack. */
    transient int depth;
    /** The parts split off this range, newest (lowest) first; the range's thread only. */
    transient LoopRange parts;
    /** The next older part of the same range. */
    transient LoopRange nextPart;

    protected LoopRange() {
    }

    /**
     * The loop's test for index {@code i}: whether it belongs to this range. Also records {@code i} as the iteration
     * running now, and marks the thread's stack of loops as ending at this range: a loop nested in the body that was
     * left by an exception (without {@link Spawns#loopExit}) is dropped from the stack at the next iteration here.
     */
    public final boolean next(int i) {
        at = i;
        LoopStack s = stack;
        if (s != null) {
            s.top = depth + 1;
        }
        return i < end;
    }

    /** Runs the loop's body for index {@code i}; the generated subclass calls the host's copy of the body. */
    protected abstract void iterate(int i) throws Throwable;

    /**
     * Runs a part split off another range: its indices in order, registered as a loop of this thread (so it can be
     * split again), then waits for its own parts. The first exception of an iteration ends the part (later indices do
     * not run) and is rethrown after the parts were waited for.
     */
    @Override
    protected final void execute() throws Throwable {
        Spawns.enterPart(this);
        Throwable thrown = null;
        try {
            for (int i = from; next(i); i++) {
                iterate(i);
            }
        } catch (Throwable t) {
            thrown = t;
        }
        Throwable partFailure = Spawns.exitPart(this);
        if (thrown != null) {
            throw thrown;
        }
        if (partFailure != null) {
            throw partFailure;
        }
    }

    /**
     * Splits this range at its thread's poll: keeps {@code [from, mid)} and returns a new range for
     * {@code [mid, end)}, where {@code mid} halves what is left after the iteration running now, or null when
     * nothing is left. The new range is linked into {@link #parts}; its bookkeeping fields start clear except
     * {@code parent} (the job in which the loop runs, so an abort of that job reaches the part).
     */
    final LoopRange split() {
        int rest = end - at - 1;
        if (rest < 1 || stack == null) {
            return null;
        }
        int mid = at + 1 + (rest >> 1);
        LoopRange part;
        try {
            part = (LoopRange) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
        part.clearForPart(mid);
        end = mid;
        part.nextPart = parts;
        parts = part;
        return part;
    }

    private void clearForPart(int mid) {
        from = mid;
        at = mid - 1;
        stack = null;
        depth = 0;
        parts = null;
        nextPart = null;
        clearRecord();
    }

    @Override
    public Object boxedResult() {
        return null;
    }

    @Override
    public void boxedResult(Object value) {
        // a part stores its results where the loop would have; nothing travels
    }
}
