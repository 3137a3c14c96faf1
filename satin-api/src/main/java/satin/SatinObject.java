package satin;

/**
 * Base class of every class that implements spawnable methods.
 *
 * <p>Unrewritten, {@link #sync()} does nothing and every spawnable call is an ordinary call, so the program
 * is a correct sequential Java program (with a runtime around, it says once that the class was not rewritten, see
 * {@code UnrewrittenSync}). The rewriter replaces each {@code sync()} call by a call into the
 * runtime that waits for all spawns of the calling method invocation.
 */
public abstract class SatinObject {

    protected SatinObject() {
    }

    /**
     * Waits until every spawnable call made so far by the current method invocation has finished; from
     * here on their results are defined. An exception thrown by a spawned call is rethrown here.
     */
    public void sync() {
        // Sequential semantics: every spawnable call has already returned. Reached only from a class that was not
        // rewritten (or a static initializer), which a program run with a runtime should hear about.
        UnrewrittenSync.called();
    }

    /**
     * Cancels every spawnable call made so far by the current method invocation that has not finished, and
     * everything those calls spawned, wherever they run: still queued, running on another worker, or stolen by
     * another node. Cancelled calls stop at their next spawn or {@code sync()}; their results are discarded (their
     * destinations keep the values they had); a {@code sync()} after {@code abort()} does not wait for them. Usually
     * called from an inlet, once a speculative search has found what it looked for.
     *
     * <p>Unrewritten, every spawnable call has already returned, so there is nothing to cancel and this does
     * nothing.
     */
    public void abort() {
        // Sequential semantics: nothing is outstanding.
    }
}
