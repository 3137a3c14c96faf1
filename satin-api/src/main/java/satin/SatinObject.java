package satin;

/**
 * Base class of every class that implements spawnable methods.
 *
 * <p>Unrewritten, {@link #sync()} does nothing and every spawnable call is an ordinary call, so the program
 * is a correct sequential Java program. The rewriter replaces each {@code sync()} call by a call into the
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
        // Sequential semantics: every spawnable call has already returned.
    }
}
