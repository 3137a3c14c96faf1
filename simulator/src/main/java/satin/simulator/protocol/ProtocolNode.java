package satin.simulator.protocol;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import satin.balance.StealPolicy;
import satin.contract.InvocationRecord;
import satin.runtime.node.RemoteStealing;
import satin.runtime.spawn.LocalWork;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/**
 * One simulated node: its Satin thread (the running job, its deque and its frames, as in the model's node) and the
 * runtime's own stealing between nodes ({@link RemoteStealing}: thief, victim, steal ledger), which sees the thread as
 * its {@link LocalWork}. Single-threaded, like the whole simulation.
 *
 * <h2>The thread</h2>
 * Whenever it may be free ({@link #schedule}) it (1) completes its top frames whose children are all done, (2) pops
 * its newest queued job, else (3) polls the stealing as an idle worker of {@code WorkerPool} does
 * ({@code ExternalWork.poll}): a job that arrived from another node, or none. The poll's {@code unwanted} answers
 * "true" and notes it, so a poll that leaves a synchronous steal request in flight returns at once and the thread
 * waits for the next message to this node instead of parking (every STEAL_REPLY and RESULT delivered schedules the
 * node again). A poll that ended a request without a job is followed by a second one at once: the paper's idle loop,
 * which sends the next request as soon as a reply says "no job". While a synchronous request is in flight the thread
 * still completes frames whose stolen children came back, as a worker whose sync is satisfied stops waiting (the
 * request stays in flight and its reply is taken by the next poll).
 *
 * <h2>Jobs that move</h2>
 * A thief's request takes the oldest queued job ({@link #stealForExport}), wrapped as a {@link CarriedJob}; its RESULT
 * completes it here ({@link #completeExported}). A job that arrived from another node runs here like any other and,
 * when it completes, goes to {@link RemoteStealing#finished}, which sends its result to where it came from (a relay
 * passes it on). No continuations: a frame below a stolen child waits for it, as on the JVM.
 */
final class ProtocolNode implements LocalWork, Workload.Spawner, BooleanSupplier {

    final int id;
    private final ProtocolSimulation sim;
    private final double speed;
    RemoteStealing stealing;
    private SimJob running;
    /** The deque: the owner at the tail, thieves at the head. */
    private final ArrayDeque<SimJob> deque = new ArrayDeque<>();
    /** Jobs waiting in their sync, innermost last (allocated on first use). */
    private SimJob[] frames;
    private int frameCount;
    /** Set when a child of one of this node's frames completed: the top frames may be ready. */
    private boolean framesChanged;
    /** The jobs from other nodes that run (or wait in a sync) here, each with the record stealing knows it by. */
    private Map<SimJob, CarriedJob> foreign;
    /** Set by {@link #getAsBoolean}: the last poll left a synchronous steal request awaiting its reply. */
    private boolean awaitingReply;

    long busyNanos;
    long overheadNanos;
    long workNanos;
    long localAttempts;
    long localSuccesses;
    long wideAttempts;
    long wideSuccesses;

    ProtocolNode(ProtocolSimulation sim, int id, double speed) {
        this.sim = sim;
        this.id = id;
        this.speed = speed;
    }

    /** Completes construction: the stealing exists only once this node does. */
    void attach(RemoteStealing remoteStealing, StealPolicy policy) {
        this.stealing = remoteStealing;
        remoteStealing.attach(policy, this);
    }

    /** Queues the root job here. */
    void addRoot(SimJob root) {
        deque.addLast(root);
    }

    // ---- the thread ----

    /** Runs the next thing this node's thread would do, if it is free. */
    void schedule() {
        if (running != null || sim.finished()) {
            return;
        }
        if (framesChanged) {
            framesChanged = false;
            if (!resumeReadyFrames()) {
                return;
            }
        }
        SimJob newest = deque.isEmpty() ? null : deque.pollLast(); // an idle node's deque: its array not touched
        if (newest != null) {
            start(newest);
            return;
        }
        for (int poll = 0; poll < 2; poll++) {
            awaitingReply = false;
            InvocationRecord job = stealing.poll(0, this, frameCount > 0);
            if (job != null) {
                CarriedJob carried = (CarriedJob) job;
                if (foreign == null) {
                    foreign = new IdentityHashMap<>();
                }
                foreign.put(carried.job, carried);
                start(carried.job);
                return;
            }
            if (awaitingReply) {
                return; // its reply schedules this node again
            }
        }
    }

    /** Completes the top frames while their children are all done; false if that finished the run. */
    private boolean resumeReadyFrames() {
        while (frameCount > 0) {
            SimJob top = frames[frameCount - 1];
            if (top.pending > 0) {
                break;
            }
            frames[--frameCount] = null;
            complete(top);
            if (sim.finished()) {
                return false;
            }
        }
        return true;
    }

    private void start(SimJob job) {
        job.node = id;
        long overhead = job.childCount * sim.spawnOverhead();
        long cost = (long) Math.ceil((job.ownNanos + overhead) / speed);
        busyNanos += cost;
        overheadNanos += (long) Math.ceil(overhead / speed);
        workNanos += job.ownNanos;
        running = job;
        sim.jobRuns(id, cost);
    }

    /** The running job finished its own code: a leaf completes, an inner job spawns its children and syncs. */
    void finishRunning() {
        SimJob job = running;
        running = null;
        sim.executed(job, id);
        if (job.childCount == 0) {
            complete(job);
        } else {
            job.pending = job.childCount;
            if (frames == null) {
                frames = new SimJob[8];
            } else if (frameCount == frames.length) {
                frames = Arrays.copyOf(frames, frameCount * 2);
            }
            frames[frameCount++] = job;
            sim.workload().spawnChildren(job, this);
        }
        schedule();
    }

    @Override
    public void spawn(SimJob child) {
        sim.numberJob(child);
        deque.addLast(child);
    }

    /** A job of this node completes: its parent's sync here gets it, or its origin (through stealing), or the run ends. */
    private void complete(SimJob job) {
        CarriedJob carried = foreign == null ? null : foreign.remove(job);
        if (carried != null) {
            stealing.finished(carried, null);
        } else if (job.parent == null) {
            sim.finish();
        } else if (job.parent.node == id) {
            job.parent.pending--;
            framesChanged = true;
        } else {
            throw new IllegalStateException("node " + id + " completed a job whose parent is on node " + job.parent.node
                    + " but that did not come from another node");
        }
    }

    /**
     * The poll's {@code unwanted}, asked while its synchronous request has no reply: always, and noted, since this
     * thread waits for its next message instead of parking (the node itself, not a lambda beside it: one object less
     * for every poll to touch).
     */
    @Override
    public boolean getAsBoolean() {
        awaitingReply = true;
        return true;
    }

    // ---- LocalWork: the thread as the runtime's stealing sees it ----

    @Override
    public int size() {
        return 1;
    }

    /** A thief's request takes the oldest queued job (the biggest piece of work). */
    @Override
    public InvocationRecord stealForExport(boolean thiefIdle) {
        SimJob oldest = deque.isEmpty() ? null : deque.pollFirst(); // nearly always empty: its array not touched
        return oldest == null ? null : new CarriedJob(oldest);
    }

    /** The RESULT of a job this node exported: its parent's sync here gets it. */
    @Override
    public void completeExported(InvocationRecord record, Object result, Throwable failure) {
        if (failure != null) {
            throw new IllegalStateException("a simulated job failed on another node", failure);
        }
        SimJob job = ((CarriedJob) record).job;
        job.parent.pending--;
        framesChanged = true;
    }

    @Override
    public void abortForeign(InvocationRecord record) {
        throw new UnsupportedOperationException("simulated runs do not abort jobs");
    }

    /** Nothing to do: every STEAL_REPLY delivered to this node schedules it afterwards. */
    @Override
    public void externalWorkArrived() {
    }

    @Override
    public boolean takeBack(InvocationRecord record) {
        throw new UnsupportedOperationException("simulated runs lose no node");
    }
}
