package satin.runtime.node.loop;

/**
 * Where a node's protocol state may be touched: the steps of one owner, one at a time. A part that owns protocol state
 * (crash recovery, the pool view) asks {@link #owns()} before a step (an assertion) and hands a step that arrives on
 * another thread to the owner with {@link #post}. The node's {@link ProtocolLoop} is one; {@link #CALLER} is the
 * confinement of code that runs on one thread anyway (the seeded simulation, unit tests): every caller owns, and a
 * posted step runs at once.
 */
public interface Confinement {

    /** Whoever calls owns: steps run on the caller's thread, as before a node had a loop. */
    Confinement CALLER = new Confinement() {
        @Override
        public boolean owns() {
            return true;
        }

        @Override
        public void post(Runnable step) {
            step.run();
        }
    };

    /** Whether the calling thread runs the owner's steps now (then it may touch the owned state). */
    boolean owns();

    /**
     * {@link #owns()} for an assertion ({@code assert loop.owns("a job exported")}): true when the caller owns; else
     * fails with an error naming {@code step} and the thread that took it.
     */
    default boolean owns(String step) {
        if (owns()) {
            return true;
        }
        throw new AssertionError(step + " off the protocol loop, on " + Thread.currentThread().getName());
    }

    /** Hands {@code step} to the owner; returns at once, never waits (the step runs later, in posting order). */
    void post(Runnable step);

    /** Runs {@code step} now when the caller owns, else posts it: a caller that may be either never waits. */
    default void runOrPost(Runnable step) {
        if (owns()) {
            step.run();
        } else {
            post(step);
        }
    }
}
