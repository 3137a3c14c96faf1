package satin.runtime.node.steal;

import satin.runtime.node.life.Phase;
import satin.runtime.node.life.RunPhase;

/**
 * Whether this node asks other nodes for work and gives them its own. Derived from the node's run phase
 * ({@link RunPhase#asksForWork}, {@link RunPhase#givesWork}), which the life cycle moves (see {@link Phase} for its
 * compare-and-set rule); the only switch of its own is the program's pause, which is no phase of the run. Threads:
 * any; every question is one volatile read, on every poll and every steal request.
 */
public final class Gate {

    private final Phase phase;
    /**
     * The program paused load balancing ({@code SatinObject.pause()}, on any node): no steal requests, and no jobs
     * given to other nodes' requests (answered "no job" until the resume), so no job moves between nodes from the
     * moment {@code pause()} returns on the node that called it. Results still travel.
     */
    private volatile boolean paused;

    public Gate(Phase phase) {
        this.phase = phase;
    }

    public void paused(boolean on) {
        paused = on;
    }

    /** No more steal requests and no more jobs given (the run is over here, or a leave went quiet). */
    public boolean stopped() {
        return !phase.get().givesWork();
    }

    /** No new steal requests: a leave is under way (or the run is over here). */
    public boolean leaving() {
        return !phase.get().asksForWork();
    }

    public boolean paused() {
        return paused;
    }
}
