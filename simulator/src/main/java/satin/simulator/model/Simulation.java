package satin.simulator.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.simulator.engine.EventHeap;
import satin.simulator.network.Network;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/**
 * One deterministic run of a divide-and-conquer workload on a simulated multi-cluster system.
 *
 * <h2>Execution model (one Satin node = one thread with a job stack)</h2>
 * A node runs one job at a time. Running a job costs its own compute time plus the spawn overhead for each
 * child, divided by the node's speed. Then the job spawns its children onto the node's deque and syncs: it
 * becomes a frame on the node's stack that waits until all its children have completed. The node's scheduler,
 * whenever it is free, (1) resumes the top frame if its children are all done, completing it, else (2) pops the
 * newest job from its own deque (LIFO, depth first), else (3) is idle and asks its {@link StealPolicy} (the
 * runtime's own RS or CRS) what to send. As in Satin on the JVM there are no continuations: a frame deeper in
 * the stack waits for the frames above it even when its own children are done.
 *
 * <h2>Stealing and results</h2>
 * A steal request is answered on arrival, whatever the victim is doing, with the oldest job of its deque (the
 * biggest piece of work) or with nothing. While a synchronous request is outstanding the thief runs nothing,
 * like a thread blocked in a remote call; an asynchronous reply's job is queued on arrival. A job that completes
 * on a node other than its parent's sends its result there; the parent's frame counts it on arrival. Message
 * times come from the {@link Network}: latency, bandwidth and FIFO queueing on each link.
 *
 * <h2>Determinism</h2>
 * The event queue orders by (time, scheduling order); every random choice comes from generators derived from the
 * configured seed (one per node for victim choice, one for the network's jitter and loss).
 *
 * <h2>Cost per event</h2>
 * Idle nodes send steal requests back to back, so a run of thousands of nodes is mostly steal requests and
 * replies (about fourteen per job at 10,000 nodes, more at 100,000 where the idle tail dominates). Events are
 * therefore not objects: an event is one {@code long} in a primitive {@link EventHeap} (its kind, the steal mode,
 * the sending and the receiving node) plus the job a reply or result carries; scheduling one allocates nothing.
 * What a failed steal touches is kept in per-node primitive arrays that stay in the processor's cache even for
 * 100,000 nodes (deque sizes, scheduler state bits, policies, attempt counters, and the network's link free
 * times): a request to an empty deque is answered from {@code queued} alone, and the reply's node reads its state
 * bits and its policy's objects, never its {@link Node}. Measured with JFR at 30,000 nodes, the node object, the
 * link object and the event payload had each cost a cache miss per message, about 60% of the run time. The
 * events, their times and their scheduling order are exactly those of the earlier object-per-event version, so
 * results are unchanged ({@code SimulationEquivalenceTest} compares the two; {@code SimulationGoldenTest} holds
 * the figures of two 400-node runs).
 */
public final class Simulation {
    /** Event kinds, bits 60-61 of an event word. */
    private static final int JOB_DONE = 0;
    private static final int STEAL_REQUEST = 1;
    private static final int STEAL_REPLY = 2;
    private static final int RESULT = 3;
    /** Largest node count an event word can address (29 bits per node number). */
    static final int MAX_NODES = 1 << 29;
    private static final long NODE_MASK = MAX_NODES - 1;
    private static final StealMode[] MODES = StealMode.values();
    /** State bit: the node runs a job's own code. */
    private static final int RUNNING = 1;
    /** State bit: the node waits for the reply to a synchronous steal request (a blocked thread). */
    private static final int BLOCKED = 2;
    /**
     * State bit, clear while every frame is known to wait for a child: set when a child of one of the node's frames
     * completes (the only way a frame becomes ready), cleared when {@link #schedule(int)} has found the top frame
     * waiting. Spares an idle node, which schedules after every failed steal, a look at its frames while nothing
     * changed.
     */
    private static final int FRAMES_CHANGED = 4;

    private final SimulationConfig config;
    private final Workload workload;
    private final SimulationListener listener;
    private final EventHeap events = new EventHeap();
    private final Network network;
    private final Node[] nodes;
    /**
     * Per node: jobs in its deque. Kept out of the node so that a steal request to an empty deque, most events of
     * a large run, is answered without touching the victim's node object (a cache miss with 100,000 nodes).
     */
    private final int[] queued;
    /**
     * Per node: its policy and its scheduler's state bits ({@link #RUNNING}, {@link #BLOCKED},
     * {@link #FRAMES_CHANGED}). An idle node's steal cycle (a reply arrives, the policy sends the next request)
     * reads only these arrays and its policy's objects, never the node object.
     */
    private final StealPolicy[] policies;
    private final byte[] states;
    private final long[] localAttempts;
    /** Per node: relative speed, and the statistics a job's start or a success adds to (cold, so not in the node). */
    private final double[] speeds;
    private final long[] busyNanos;
    private final long[] overheadNanos;
    private final long[] workNanos;
    private final long[] localSuccesses;
    private final long[] wideAttempts;
    private final long[] wideSuccesses;
    /** The node whose finished job is spawning children right now, for the one shared {@link #spawner}. */
    private Node spawning;
    private final Workload.Spawner spawner = child -> spawning.push(child);
    private final int control;
    private final long spawnOverhead;
    /** {@link SimulationConfig#wideAreaSyncAnswerDelayNanos()}: added to a synchronous wide-area steal request's arrival. */
    private final long wideSyncAnswerDelay;
    private long jobsExecuted;
    private long nextJobId;
    private long finishedAt = -1;

    public Simulation(SimulationConfig config) {
        this.config = config;
        RunSetup setup = new RunSetup(config);
        this.workload = setup.workload;
        this.listener = setup.listener;
        this.control = setup.control;
        this.spawnOverhead = setup.spawnOverhead;
        this.wideSyncAnswerDelay = setup.wideSyncAnswerDelay;
        Platform platform = setup.platform;
        network = setup.network;
        if (platform.nodeCount() > MAX_NODES) {
            throw new IllegalArgumentException("at most " + MAX_NODES + " nodes can be simulated, got " + platform.nodeCount());
        }
        int n = platform.nodeCount();
        nodes = new Node[n];
        queued = new int[n];
        policies = new StealPolicy[n];
        states = new byte[n];
        localAttempts = new long[n];
        speeds = new double[n];
        busyNanos = new long[n];
        overheadNanos = new long[n];
        workNanos = new long[n];
        localSuccesses = new long[n];
        wideAttempts = new long[n];
        wideSuccesses = new long[n];
        for (int i = 0; i < nodes.length; i++) {
            speeds[i] = platform.speed(i);
            // The policy's objects (generator, victim selector, callback, policy) are allocated one after the other,
            // so an idle node's steal cycle finds them on neighbouring cache lines.
            int node = i;
            policies[i] = setup.policy(i, (victim, mode) -> sendSteal(node, victim, mode));
            nodes[i] = new Node(i);
        }
    }

    /** Runs the simulation to the root job's completion. */
    public RunResult run() {
        if (finishedAt >= 0) {
            throw new IllegalStateException("a simulation runs once");
        }
        SimJob root = workload.root();
        root.id = nextJobId++;
        nodes[0].addLast(root);
        for (int i = 0; i < nodes.length; i++) {
            schedule(i);
        }
        while (finishedAt < 0 && events.next()) {
            dispatch(events.word(), (SimJob) events.ref());
        }
        if (finishedAt < 0) {
            throw new IllegalStateException("simulation stalled with the root job unfinished (no events left)");
        }
        return ResultCollector.collect(config, finishedAt, jobsExecuted, network, nodeStats());
    }

    private List<ResultCollector.NodeStats> nodeStats() {
        List<ResultCollector.NodeStats> stats = new ArrayList<>(nodes.length);
        for (Node n : nodes) {
            int i = n.id;
            stats.add(new ResultCollector.NodeStats(busyNanos[i], overheadNanos[i], workNanos[i], localAttempts[i], localSuccesses[i],
                    wideAttempts[i], wideSuccesses[i]));
        }
        return stats;
    }

    private void executed(SimJob job, Node node) {
        jobsExecuted++;
        listener.jobExecuted(job, node.id);
        if ((jobsExecuted & (SimulationListener.PROGRESS_EVERY_JOBS - 1)) == 0) {
            listener.progress(jobsExecuted, events.now());
        }
    }

    private static long word(int kind, StealMode mode, int from, int to) {
        return (long) kind << 60 | (long) (mode == null ? 0 : mode.ordinal()) << 58 | (long) from << 29 | to;
    }

    /** Sends a message from {@code from} to {@code to}: it arrives when the network says. */
    private void send(int kind, StealMode mode, int from, int to, SimJob job, long bytes) {
        events.schedule(network.send(events.now(), from, to, bytes), word(kind, mode, from, to), job);
    }

    private void dispatch(long word, SimJob job) {
        int kind = (int) (word >>> 60);
        int to = (int) (word & NODE_MASK);
        if (kind == JOB_DONE) {
            nodes[to].finishRunning();
            return;
        }
        int from = (int) ((word >>> 29) & NODE_MASK);
        StealMode mode = MODES[(int) ((word >>> 58) & 3)];
        switch (kind) {
            case STEAL_REQUEST -> {
                if (queued[to] == 0) {
                    send(STEAL_REPLY, mode, to, from, null, control); // nothing to give: the node object is not needed
                } else {
                    nodes[to].answerSteal(from, mode);
                }
            }
            case STEAL_REPLY -> receiveReply(to, from, mode, job);
            case RESULT -> receiveResult(to, job);
            default -> throw new IllegalStateException("unknown event kind " + kind);
        }
    }

    /**
     * The scheduler of node {@code n}, whenever it may be free: (1) resume the top frame if its children are all
     * done, completing it, else (2) pop the newest job from the deque, else (3) ask the policy what to send.
     */
    private void schedule(int n) {
        int state = states[n];
        if ((state & (RUNNING | BLOCKED)) != 0 || finishedAt >= 0) {
            return;
        }
        if ((state & FRAMES_CHANGED) != 0) {
            if (!nodes[n].resumeReadyFrames()) {
                return;
            }
            states[n] &= ~FRAMES_CHANGED;
        }
        if (queued[n] > 0) {
            Node node = nodes[n];
            node.start(node.pollLast());
        } else {
            policies[n].onIdle();
        }
    }

    /** Node {@code n}'s policy sends a steal request. */
    private void sendSteal(int n, int victim, StealMode mode) {
        boolean local = network.sameCluster(n, victim);
        if (local) {
            localAttempts[n]++;
        } else {
            wideAttempts[n]++;
        }
        if (mode == StealMode.SYNCHRONOUS) {
            states[n] |= BLOCKED;
        }
        if (local || wideSyncAnswerDelay == 0 || mode != StealMode.SYNCHRONOUS) {
            send(STEAL_REQUEST, mode, n, victim, null, control);
        } else {
            // the victim takes the request up late; the link is busy only for its transmission, as before
            long arrives = network.send(events.now(), n, victim, control);
            events.schedule(arrives + wideSyncAnswerDelay, word(STEAL_REQUEST, mode, n, victim), null);
        }
    }

    /** The reply to node {@code n}'s steal request to {@code victim} arrives, with a job or without. */
    private void receiveReply(int n, int victim, StealMode mode, SimJob job) {
        if (job != null) {
            if (network.sameCluster(n, victim)) {
                localSuccesses[n]++;
            } else {
                wideSuccesses[n]++;
            }
            nodes[n].addLast(job);
        }
        if (mode == StealMode.SYNCHRONOUS) {
            states[n] &= ~BLOCKED;
        }
        policies[n].onReply(victim, mode, job != null);
        schedule(n);
    }

    /** The result of a stolen child arrives at its parent's node {@code n}. */
    private void receiveResult(int n, SimJob child) {
        child.parent.pending--;
        states[n] |= FRAMES_CHANGED;
        schedule(n);
    }

    /**
     * One node's jobs: the running one, the deque and the frame stack (arrays and counters, no objects of their
     * own). What a steal cycle needs (deque size, state bits, policy, counters) is in the simulation's per-node
     * arrays instead, so only events that involve jobs touch this object.
     */
    private final class Node {
        final int id;
        SimJob running;
        /**
         * Deque as a ring buffer (capacity a power of two, allocated on first use): the owner works at the tail,
         * thieves at the head. Its size is {@code queued[id]}.
         */
        SimJob[] deque;
        int dequeHead;
        /** Jobs waiting in their sync, innermost last (allocated on first use). */
        SimJob[] frames;
        int frameCount;

        Node(int id) {
            this.id = id;
        }

        private void push(SimJob child) {
            child.id = nextJobId++;
            addLast(child);
        }

        private void addLast(SimJob job) {
            SimJob[] items = deque;
            int dequeSize = queued[id];
            if (items == null) {
                deque = items = new SimJob[8];
            } else if (dequeSize == items.length) {
                SimJob[] bigger = new SimJob[items.length * 2];
                for (int i = 0; i < dequeSize; i++) {
                    bigger[i] = items[(dequeHead + i) & (items.length - 1)];
                }
                deque = items = bigger;
                dequeHead = 0;
            }
            items[(dequeHead + dequeSize) & (items.length - 1)] = job;
            queued[id] = dequeSize + 1;
        }

        private SimJob pollLast() {
            int dequeSize = queued[id];
            if (dequeSize == 0) {
                return null;
            }
            SimJob[] items = deque;
            queued[id] = --dequeSize;
            int i = (dequeHead + dequeSize) & (items.length - 1);
            SimJob job = items[i];
            items[i] = null;
            return job;
        }

        private SimJob pollFirst() {
            int dequeSize = queued[id];
            if (dequeSize == 0) {
                return null;
            }
            SimJob[] items = deque;
            SimJob job = items[dequeHead];
            items[dequeHead] = null;
            dequeHead = (dequeHead + 1) & (items.length - 1);
            queued[id] = dequeSize - 1;
            return job;
        }

        /**
         * Completes the top frames while their children are all done (a frame below a waiting one waits too: no
         * continuations); false if that finished the run.
         */
        boolean resumeReadyFrames() {
            while (frameCount > 0) {
                SimJob top = frames[frameCount - 1];
                if (top.pending > 0) {
                    break;
                }
                frames[--frameCount] = null;
                complete(top);
                if (finishedAt >= 0) {
                    return false;
                }
            }
            return true;
        }

        private void start(SimJob job) {
            job.node = id;
            long overhead = job.childCount * spawnOverhead;
            double speed = speeds[id];
            long cost = (long) Math.ceil((job.ownNanos + overhead) / speed);
            busyNanos[id] += cost;
            overheadNanos[id] += (long) Math.ceil(overhead / speed);
            workNanos[id] += job.ownNanos;
            running = job;
            states[id] |= RUNNING;
            events.schedule(events.now() + cost, word(JOB_DONE, null, id, id), null);
        }

        /** The running job finished its own code. */
        void finishRunning() {
            SimJob job = running;
            running = null;
            states[id] &= ~RUNNING;
            executed(job, this);
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
                spawning = this;
                workload.spawnChildren(job, spawner);
            }
            schedule(id);
        }

        private void complete(SimJob job) {
            SimJob parent = job.parent;
            if (parent == null) {
                finishedAt = events.now();
            } else if (parent.node == id) {
                parent.pending--;
                states[id] |= FRAMES_CHANGED;
            } else {
                send(RESULT, null, id, parent.node, job, (long) control + job.resultBytes);
            }
        }

        void answerSteal(int thief, StealMode mode) {
            SimJob oldest = pollFirst();
            long bytes = oldest == null ? control : (long) control + oldest.paramBytes;
            send(STEAL_REPLY, mode, id, thief, oldest, bytes);
        }
    }
}
