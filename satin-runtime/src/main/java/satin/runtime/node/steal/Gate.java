package satin.runtime.node.steal;

/**
 * Whether this node asks other nodes for work and gives them its own: the switches the node's life cycle and the
 * program set. Threads: any; each switch is one volatile field, read on every poll and every steal request.
 */
public final class Gate {

    /** No more steal requests and no more jobs given (the run is over here); pending replies are still answered. */
    private volatile boolean stopped;
    /** This node leaves gracefully: no new steal requests, jobs are still given. */
    private volatile boolean leaving;
    /**
     * The program paused load balancing ({@code SatinObject.pause()}, on any node): no steal requests, and no jobs
     * given to other nodes' requests (answered "no job" until the resume), so no job moves between nodes from the
     * moment {@code pause()} returns on the node that called it. Results still travel.
     */
    private volatile boolean paused;

    public void stop() {
        stopped = true;
    }

    /** Undoes {@link #stop} and {@link #beginLeave}: a leaving node became the master, it stays in the run. */
    public void resume() {
        leaving = false;
        stopped = false;
    }

    public void beginLeave() {
        leaving = true;
    }

    public void paused(boolean on) {
        paused = on;
    }

    public boolean stopped() {
        return stopped;
    }

    public boolean leaving() {
        return leaving;
    }

    public boolean paused() {
        return paused;
    }
}
