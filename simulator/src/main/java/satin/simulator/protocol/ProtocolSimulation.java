package satin.simulator.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import satin.balance.ClusterMap;
import satin.runtime.node.RemoteStealing;
import satin.runtime.node.steal.Link;
import satin.runtime.node.steal.UnshippableJobs;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.ShippedJob;
import satin.simulator.engine.EventHeap;
import satin.simulator.model.Platform;
import satin.simulator.model.ResultCollector;
import satin.simulator.model.RunResult;
import satin.simulator.model.RunSetup;
import satin.simulator.model.SimulationConfig;
import satin.simulator.model.SimulationListener;
import satin.simulator.network.Network;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/**
 * A simulated run whose stealing between nodes is the runtime's own: every node is a {@link ProtocolNode} with a
 * {@code node.RemoteStealing} (the thief, the victim and the steal ledger a real node runs, driven by the same
 * {@code satin.balance} policy), on the simulation's clock and over its {@link Network}. Same configuration, workload,
 * links and figures as the model ({@code satin.simulator.model.Simulation}); what differs is who decides what a steal
 * request, a reply and a result do: here the runtime's code, there the model's own few lines.
 *
 * <p>Events: a node's job finishes its own code, or a message arrives. A message is the runtime's own
 * {@link Message} record, handed to the receiver's stealing as a node's dispatcher hands it; its size on the link is
 * the control size plus the job's parameters (a STEAL_REPLY with a job) or its result (a RESULT). A synchronous steal
 * request from another cluster arrives {@link SimulationConfig#wideAreaSyncAnswerDelayNanos()} late, as in the model.
 * Deterministic: one thread, events ordered by (time, scheduling order), every random choice from the seed; the
 * runtime's classes make none of their own here (no recovery, no timeouts reached, maps iterated only on faults).
 */
public final class ProtocolSimulation {

    // An event's word: its kind (2 bits), a steal message's two flags, the receiving node, the sending node.
    private static final int JOB_DONE = 0;
    /** A message, the event's reference. */
    private static final int MESSAGE = 1;
    /** A STEAL_REQUEST carried as its fields: the request id is the event's value. */
    private static final int STEAL_REQUEST = 2;
    /** A STEAL_REPLY without a job, carried as its fields: the request id is the event's value. */
    private static final int EMPTY_REPLY = 3;
    private static final int KIND_MASK = 3;
    private static final long SYNCHRONOUS = 1 << 2;
    private static final long IN_SYNC = 1 << 3;
    private static final int TO_SHIFT = 4;
    private static final int FROM_SHIFT = 34;
    private static final long NODE_MASK = (1L << 30) - 1;
    /** A steal request's {@code sharedApplied} in a run without shared objects. */
    private static final long NO_SHARED = -1;
    /** The steal timeout given to the thieves: never reached, a waiting poll returns at once (see ProtocolNode). */
    private static final long STEAL_TIMEOUT_MILLIS = 86_400_000L;

    private final SimulationConfig config;
    private final Workload workload;
    private final SimulationListener listener;
    private final EventHeap events = new EventHeap();
    private final Network network;
    private final ClusterMap clusters;
    private final ProtocolNode[] nodes;
    private final int control;
    private final long spawnOverhead;
    private final long wideSyncAnswerDelay;
    private long jobsExecuted;
    private long nextJobId;
    private long finishedAt = -1;
    private RuntimeException failure;

    public ProtocolSimulation(SimulationConfig config) {
        this.config = config;
        RunSetup setup = new RunSetup(config); // the model's set-up: the same links and victim streams for a seed
        this.workload = setup.workload;
        this.listener = setup.listener;
        this.control = setup.control;
        this.spawnOverhead = setup.spawnOverhead;
        this.wideSyncAnswerDelay = setup.wideSyncAnswerDelay;
        Platform platform = setup.platform;
        this.clusters = setup.clusters;
        this.network = setup.network;
        int n = platform.nodeCount();
        nodes = new ProtocolNode[n];
        ClassLoader loader = ProtocolSimulation.class.getClassLoader();
        // one transport and one clock for all nodes (a message names its sender): objects every step touches, shared
        Link.Transport transport = (peer, message, onUnwritten, written) -> send(message.from(), peer, message, written);
        LongSupplier clock = events::now;
        for (int i = 0; i < n; i++) {
            ProtocolNode node = new ProtocolNode(this, i, platform.speed(i));
            int cluster = clusters.clusterOf(i);
            RemoteStealing stealing = new RemoteStealing(i, peer -> clusters.clusterOf(peer) != cluster, transport,
                    STEAL_TIMEOUT_MILLIS, this::fail, new UnshippableJobs("node " + i, loader), null, null, clock);
            node.attach(stealing, setup.policy(i, stealing::request));
            nodes[i] = node;
        }
    }

    /** Runs the simulation to the root job's completion. */
    public RunResult run() {
        if (finishedAt >= 0 || jobsExecuted > 0) {
            throw new IllegalStateException("a simulation runs once");
        }
        SimJob root = workload.root();
        numberJob(root);
        nodes[0].addRoot(root);
        for (ProtocolNode node : nodes) {
            node.schedule();
        }
        while (finishedAt < 0 && failure == null && events.next()) {
            long word = events.word();
            ProtocolNode to = nodes[(int) (word >>> TO_SHIFT & NODE_MASK)];
            switch ((int) word & KIND_MASK) {
                case JOB_DONE -> to.finishRunning();
                case MESSAGE -> deliver(to, (Message) events.ref());
                case STEAL_REQUEST -> deliver(to, new Message.StealRequest((int) (word >>> FROM_SHIFT),
                        events.value(), (word & SYNCHRONOUS) != 0, NO_SHARED, (word & IN_SYNC) != 0));
                default -> deliver(to, new Message.StealReply((int) (word >>> FROM_SHIFT), events.value(),
                        (word & SYNCHRONOUS) != 0, null));
            }
        }
        if (failure != null) {
            throw failure;
        }
        if (finishedAt < 0) {
            throw new IllegalStateException("simulation stalled with the root job unfinished (no events left)");
        }
        List<ResultCollector.NodeStats> stats = new ArrayList<>(nodes.length);
        for (ProtocolNode n : nodes) {
            stats.add(new ResultCollector.NodeStats(n.busyNanos, n.overheadNanos, n.workNanos, n.localAttempts,
                    n.localSuccesses, n.wideAttempts, n.wideSuccesses));
        }
        return ResultCollector.collect(config, finishedAt, jobsExecuted, network, stats);
    }

    /** A message arrives: handed to the receiver's stealing as a node's dispatcher does. */
    private void deliver(ProtocolNode to, Message message) {
        try {
            if (message instanceof Message.StealRequest m) {
                to.stealing.onStealRequest(m); // answered now; the victim's thread is not involved
            } else if (message instanceof Message.StealReply m) {
                if (m.job() != null) {
                    if (clusters.clusterOf(m.from()) == clusters.clusterOf(to.id)) {
                        to.localSuccesses++;
                    } else {
                        to.wideSuccesses++;
                    }
                }
                to.stealing.onStealReply(m);
                to.schedule();
            } else if (message instanceof Message.Result m) {
                to.stealing.onResult(m);
                to.schedule();
            } else {
                throw new IllegalStateException("the simulation never sends " + message);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The nodes' outboxes ({@code Link.Transport}): the message goes on the network and arrives when it says. */
    private void send(int from, int to, Message message, LongConsumer written) {
        long bytes = control;
        long delay = 0;
        if (message instanceof Message.StealRequest m) {
            ProtocolNode thief = nodes[from];
            boolean wide = clusters.clusterOf(from) != clusters.clusterOf(to);
            if (wide) {
                thief.wideAttempts++;
                delay = m.synchronous() ? wideSyncAnswerDelay : 0;
            } else {
                thief.localAttempts++;
            }
        } else if (message instanceof Message.StealReply m && m.job() != null) {
            SimJob job = ((CarriedJob) m.job().record()).job;
            bytes += job.paramBytes;
            // the thief gets a record of its own, as from the wire: a job relayed back through a node it passed is a
            // new record there, not one that node's ledger still holds
            ShippedJob shipped = m.job();
            message = new Message.StealReply(m.from(), m.requestId(), m.synchronous(),
                    new ShippedJob(new CarriedJob(job), shipped.jobId(), shipped.reExecution(), shipped.thiefApplied()));
        } else if (message instanceof Message.Result m && m.outcome().result() instanceof SimJob job) {
            bytes += job.resultBytes;
        }
        long arrives = network.send(events.now(), from, to, bytes) + delay;
        long word = (long) from << FROM_SHIFT | (long) to << TO_SHIFT;
        // A message without a job travels as its fields and is made again on arrival, a record equal to the one sent
        // (the runtime knows such records by their fields, never by identity): the one sent dies at once, and the one
        // delivered is new, in the cache, rather than allocated an idle cycle of every other node ago.
        if (message instanceof Message.StealRequest m && m.sharedApplied() == NO_SHARED) {
            events.scheduleValue(arrives, word | STEAL_REQUEST | (m.synchronous() ? SYNCHRONOUS : 0)
                    | (m.inSync() ? IN_SYNC : 0), m.requestId());
        } else if (message instanceof Message.StealReply m && m.job() == null) {
            events.scheduleValue(arrives, word | EMPTY_REPLY | (m.synchronous() ? SYNCHRONOUS : 0), m.requestId());
        } else {
            events.schedule(arrives, word | MESSAGE, message);
        }
        if (written != null) {
            written.accept(bytes);
        }
    }

    private void fail(Throwable t) {
        if (failure == null) {
            failure = new IllegalStateException("the runtime's stealing failed in the simulation: " + t, t);
        }
    }

    // ---- for the nodes ----

    boolean finished() {
        return finishedAt >= 0;
    }

    void finish() {
        finishedAt = events.now();
    }

    long spawnOverhead() {
        return spawnOverhead;
    }

    Workload workload() {
        return workload;
    }

    void numberJob(SimJob job) {
        job.id = nextJobId++;
    }

    /** Node {@code node} runs a job's own code for {@code nanos}. */
    void jobRuns(int node, long nanos) {
        events.schedule(events.now() + nanos, (long) node << TO_SHIFT | JOB_DONE, null);
    }

    void executed(SimJob job, int node) {
        jobsExecuted++;
        listener.jobExecuted(job, node);
        if ((jobsExecuted & (SimulationListener.PROGRESS_EVERY_JOBS - 1)) == 0) {
            listener.progress(jobsExecuted, events.now());
        }
    }
}
