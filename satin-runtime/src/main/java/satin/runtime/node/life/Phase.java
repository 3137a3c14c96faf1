package satin.runtime.node.life;

import java.util.concurrent.atomic.AtomicReference;

/**
 * One node's {@link RunPhase}, changed only along its allowed transitions.
 *
 * <p><b>Threads: the compare-and-set rule.</b> The phase is not owned by the protocol loop: its moves are made where
 * the run's life happens, and some of them must be decided there and then (the node's thread leaving, ending or
 * taking over; {@code main}'s thread returning; the JVM's exit hook ending a run while {@code main} runs, which must
 * know at once whether it, and not {@code main}'s return, ends it; the loop on DONE or the pool's end). So every change
 * is one compare-and-set along an allowed edge: of two threads moving from one phase only one succeeds (the exit
 * hook's {@code MAIN → ENDED} against {@code main}'s {@code MAIN → MAIN_RETURNED}: exactly one ends the run), and
 * every reader sees a phase that was reached by allowed steps only, in one order for all readers. Readers that act on
 * it (the stealing gate on every poll and every steal request, the loop's steps) read it once per decision, so a
 * decision is made on one phase. A move that is not allowed from the current phase changes nothing and says so.
 */
public final class Phase {

    private final AtomicReference<RunPhase> current = new AtomicReference<>(RunPhase.NEW);

    /** A phase in {@link RunPhase#RUNNING} from the start: stealing outside a node's run (the simulation, tests). */
    public static Phase running() {
        Phase p = new Phase();
        p.moveTo(RunPhase.STARTING);
        p.moveTo(RunPhase.RUNNING);
        return p;
    }

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
