package satin.runtime.node.life;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where one node is in its run, as one value with its allowed transitions (the way a cluster member's status is one
 * value in Pekko): instead of flags that are false until some moment and whose combinations nobody wrote down.
 *
 * <pre>
 * NEW → STARTING → RUNNING → MAIN → MAIN_RETURNED → ENDED
 *                     │  ↑      │                    ↑
 *                     │  └ LEAVING → LEAVING_QUIET ─→ LEFT
 *                     └──────┴──────→ OVER ──────────┘
 * </pre>
 * A node that runs {@code main} is in {@link #MAIN}: the first master from the start, a successor once it took over
 * (from {@link #RUNNING} or a leave given up, {@link #LEAVING} or {@link #LEAVING_QUIET}). {@link #ENDED},
 * {@link #OVER} and {@link #LEFT} are the phases where the run is over at this node: a loss reported from then on is
 * only noted, never a failure.
 *
 * <p>Stealing between nodes follows the phase ({@code node.steal.Gate} reads it, it keeps no state of its own):
 * {@link #asksForWork} and {@link #givesWork} say what a phase allows.
 */
public enum RunPhase {
    /** Created; settings may still change. */
    NEW,
    /** In the pool: waiting for it to close, connecting to the peers, the warm-up; no runtime yet. */
    STARTING,
    /** The runtime runs, joiners are welcomed at once; this node serves and steals. */
    RUNNING,
    /** This node runs {@code main} (the master, or its successor running it again). */
    MAIN,
    /** {@code main} returned here; the run is not yet ended (DONE not yet sent). */
    MAIN_RETURNED,
    /** A graceful leave is under way: no new steal requests, the jobs held are finished, jobs are still given. */
    LEAVING,
    /**
     * A leaving node that held nothing of another node once: it gives no jobs either, and waits until nothing it
     * asked for or gave is in flight any more before it leaves.
     */
    LEAVING_QUIET,
    /** This node ended the run as its master: DONE is being sent (a joiner welcomed now is sent DONE too). */
    ENDED,
    /** This node learned that the run is over (DONE received, or learned from another node). */
    OVER,
    /** This node left the run gracefully. */
    LEFT;

    /** Whether the run is over at this node: a loss reported now is no failure. */
    public boolean isOver() {
        return this == ENDED || this == OVER || this == LEFT;
    }

    /** Whether this node welcomes the nodes that join the running pool as their joined events arrive. */
    public boolean welcomesJoiners() {
        return this == RUNNING || this == MAIN || this == MAIN_RETURNED || this == LEAVING || this == LEAVING_QUIET;
    }

    /**
     * Whether this node sends steal requests now. Before {@link #RUNNING} nothing polls for work (the runtime does
     * not exist yet), so the early phases say yes.
     */
    public boolean asksForWork() {
        return givesWork() && this != LEAVING;
    }

    /** Whether this node gives jobs to other nodes' steal requests now (a paused program gives none either). */
    public boolean givesWork() {
        return !isOver() && this != LEAVING_QUIET;
    }

    /** Whether this node's runtime has started (joiners are welcomed, welcomes act at once). */
    public boolean started() {
        return this != NEW && this != STARTING;
    }

    /** The phases this one may move to. */
    public Set<RunPhase> next() {
        return switch (this) {
            case NEW -> EnumSet.of(STARTING);
            case STARTING -> EnumSet.of(RUNNING, OVER);
            case RUNNING -> EnumSet.of(MAIN, LEAVING, OVER);
            case MAIN -> EnumSet.of(MAIN_RETURNED, ENDED, OVER);
            case MAIN_RETURNED -> EnumSet.of(ENDED, OVER);
            case LEAVING -> EnumSet.of(MAIN, LEAVING_QUIET, LEFT, OVER);
            case LEAVING_QUIET -> EnumSet.of(MAIN, LEFT, OVER);
            // a successor running main again that learns of the old master's DONE meanwhile still ends the run
            case OVER -> EnumSet.of(ENDED);
            case ENDED, LEFT -> EnumSet.noneOf(RunPhase.class);
        };
    }

    /** Whether a node in this phase may move to {@code target}. */
    public boolean canMoveTo(RunPhase target) {
        return next().contains(target);
    }
}
