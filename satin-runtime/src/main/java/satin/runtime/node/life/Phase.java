package satin.runtime.node.life;

import java.util.concurrent.atomic.AtomicReference;

/**
 * One node's {@link RunPhase}, changed only along its allowed transitions. Threads: any; every change is one
 * compare-and-set, so of two threads moving from one phase only one succeeds, and a reader sees a phase that was
 * reached by allowed steps only. A move that is not allowed from the current phase changes nothing and says so.
 */
public final class Phase {

    private final AtomicReference<RunPhase> current = new AtomicReference<>(RunPhase.NEW);

    /** The phase now. */
    public RunPhase get() {
        return current.get();
    }

    /** Moves to {@code target} if it is allowed from the phase now; false (nothing changed) otherwise. */
    public boolean moveTo(RunPhase target) {
        while (true) {
            RunPhase now = current.get();
            if (!now.canMoveTo(target)) {
                return false;
            }
            if (current.compareAndSet(now, target)) {
                return true;
            }
        }
    }

    /** Moves from exactly {@code from} to {@code target} (an allowed transition); false when the phase is not {@code from}. */
    public boolean move(RunPhase from, RunPhase target) {
        if (!from.canMoveTo(target)) {
            throw new IllegalArgumentException(from + " → " + target + " is not a transition of a node's run");
        }
        return current.compareAndSet(from, target);
    }

    /** Whether the run is over at this node ({@link RunPhase#isOver}). */
    public boolean isOver() {
        return current.get().isOver();
    }

    @Override
    public String toString() {
        return current.get().toString();
    }
}
