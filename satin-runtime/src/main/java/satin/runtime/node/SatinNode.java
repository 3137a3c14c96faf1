package satin.runtime.node;

import satin.runtime.node.shared.SharedReferences;
import satin.runtime.node.shared.SharedReplication;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.balance.VictimSelector;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PoolCapability;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.RegistryEventHandler;
import satin.ipl.start.Ipl;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.node.classes.SerializationClasses;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeProgress;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.NodeStatistics;
import satin.runtime.node.report.RunReport;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.spawn.WorkerStatistics;
import satin.runtime.timeline.Timeline;
import satin.runtime.timeline.Track;

/**
 * One node (JVM) of a multi-node Satin run, from joining the pool to leaving it.
 *
 * <h2>Life cycle</h2>
 * <ol>
 *   <li>Join the closed pool of {@code poolSize} nodes through the registry, with the run's Kryo registration
 *       list ({@link SerializationClasses}: the registry refuses a node whose list differs), and open the
 *       node's receive port. Wait until the pool is full; the registry's member order numbers the nodes, the
 *       parents of their locations are the clusters.</li>
 *   <li>Elect the master. Start a runtime whose idle workers steal from other nodes ({@link RemoteStealing}).</li>
 *   <li>The master runs {@code main}; the others only serve and steal. When {@code main} returns, the master
 *       sends DONE to everybody; each node stops its runtime and sends its statistics to the master, which
 *       prints them and terminates the pool; then every node leaves.</li>
 * </ol>
 * With fault tolerance, a node that dies is survived ({@link CrashRecovery}), the master too: the live node whose
 * location sorts first takes over and runs {@code main} again in lookup mode, reusing salvaged results (then it is the
 * master: it sends DONE, collects the statistics and ends the pool). Otherwise a failure anywhere (a node that dies or
 * leaves before DONE, the registry lost, a peer that does not answer within the timeout, a message that cannot be
 * read) ends this node's run with a {@link NodeFailure} naming the node and the cause; the master then terminates the
 * pool so the others fail fast too.
 *
 * <h2>Graceful leave</h2>
 * {@link #leave()} (a SIGTERM handler, a test) makes a non-master node leave without losing anything: (1) it sends no
 * new steal request, but runs the jobs it holds (those it stole, queued or running, and whatever a steal request
 * still in flight brings) and still lets thieves take its queued jobs, until it holds nothing of another node
 * ({@link RemoteStealing#holdsNothing}): every stolen job's result has been sent to its owner, every job of its own
 * out with a thief has come back; (2) it stops answering steal requests with jobs and checks that once more; (3) it
 * sends its statistics to the master and then LEAVING to every live node, and waits (bounded by the timeout) until
 * each has answered LEAVE_ACK: each node has then handled every message this one sent before, results included
 * (messages from one node arrive in order), and forgot it as a victim ({@link CrashRecovery#departed}); (4) it leaves
 * the pool. The registry's left event that follows finds the node gone already: no recovery round, nothing run
 * again. The master cannot leave (it runs {@code main}); a node that becomes master while leaving stays.
 *
 * <h2>Waits</h2>
 * Every wait for another node is bounded by the run's timeout: joining, connecting, the warm-up, steal replies,
 * the statistics, the pool's end. One wait has no bound, by nature: the wait for the end of the run (the master's
 * {@code main} runs as long as the program does). It ends with DONE, with any failure (a node that dies or leaves,
 * a lost registry, a message that cannot be handled: each completes {@link #finished}), or with an interrupt of the
 * thread running the node, which ends the node's run with a failure. Message handlers never wait (see
 * {@link #dispatch}); {@link #failure()} never waits. With {@link #emulatedCosts} a held steal request waits on its
 * own timer thread for exactly its delay (RemoteStealing, "Late answers").
 */
public final class SatinNode {

    private static final Logger log = LoggerFactory.getLogger(SatinNode.class);

    static final PortType PORT_TYPE = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.UPCALLS, PortCapability.SERIALIZATION_OBJECT);
    /** Permits a failure releases so that a warm-up waiting for any number of WARMUPs returns. */
    private static final int WAKE_WARM_UP = 1 << 20;
    /** The longest a recovery round waits for the other nodes' orphan announcements (see CrashRecovery). */
    private static final long ROUND_MILLIS = 2_000;

    /** What ended a node's run, naming the node and the cause. */
    public static final class NodeFailure extends Exception {
        private final boolean fenced;

        public NodeFailure(String message, Throwable cause) {
            this(message, cause, false);
        }

        /**
         * @param fenced whether the pool declared this node dead while it lived (it lost the registry for longer than
         *               the detection time) and the run goes on without it
         */
        public NodeFailure(String message, Throwable cause, boolean fenced) {
            super(message, cause);
            this.fenced = fenced;
        }

        /**
         * Whether this node was fenced: cut off (e.g. a network partition) for longer than the detection time, so the
         * pool declared it dead and recovers its work; the run itself goes on without it.
         */
        public boolean fenced() {
            return fenced;
        }
    }

    /**
     * What a node's run produced: the master's {@code main} failure and report, or whether a non-master node left
     * gracefully before the end of the run.
     */
    public record Outcome(boolean master, Throwable mainFailure, RunReport report, boolean left) {
        public Outcome(boolean master, Throwable mainFailure, RunReport report) {
            this(master, mainFailure, report, false);
        }
    }

    private final NodeOptions options;
    /** IPL settings beyond the options (the pool's security: ipl.security.*), passed through unchanged. */
    private final Map<String, String> iplSettings;
    private final CompletableFuture<Void> finished = new CompletableFuture<>();
    /** Completed with the old master's number when this node must run main again (see CrashRecovery). */
    private final CompletableFuture<Integer> takeOver = new CompletableFuture<>();
    /** Completed by {@link #leave()}. */
    private final CompletableFuture<Void> leaveRequested = new CompletableFuture<>();
    /** Completed when {@link #run} has returned or thrown: the node is out of the pool. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    /** The answers to this node's DONE_QUERY messages. */
    private final DoneInquiry inquiry = new DoneInquiry();
    /** Peers that answered this node's LEAVING. */
    private final java.util.Set<Integer> leaveAcks = ConcurrentHashMap.newKeySet();
    /** This node's number (its pool id), set once the pool closed (before any message is handled). */
    private volatile int selfIndex = -1;
    /** One permit per WARMUP message received; they may arrive before this node knows the pool's size. */
    private final Semaphore warmups = new Semaphore(0);
    private final Map<Integer, NodeReport> reports = new ConcurrentHashMap<>();
    private volatile boolean done;
    private volatile RemoteStealing stealing;
    /** Published with {@link #stealing}, before the first WARMUP. */
    private volatile SharedReplication shared;
    /** Shared objects in messages: references to this node's replicas (in the IPL's Kryo instances of this node). */
    private final SharedReferences references = new SharedReferences();
    /** How messages are written and read: set before the receive port exists. */
    private volatile Codec codec;
    private volatile ClassLoader programLoader;
    /** Null until the run starts, and in runs that do not survive crashes. */
    private volatile CrashRecovery recovery;
    /** The pool's members by node number (their pool ids), growing as nodes join the running pool. */
    private final PoolView membership = new PoolView();
    /** Joiners this node has welcomed (or is welcoming): each once. */
    private final java.util.Set<Integer> welcomed = ConcurrentHashMap.newKeySet();
    /** Older members that welcomed this node, a joiner (WARMUP messages); guarded by itself. */
    private final java.util.Set<Integer> welcomes = new java.util.HashSet<>();
    /** Set (under {@link #welcomes}) once this node runs: welcomes and joined events act at once from then on. */
    private boolean running;
    /** Set by the master before it sends DONE: a joiner welcomed after that gets DONE from its welcome thread. */
    private volatile boolean doneSent;
    /** Whether {@code main} runs on this node now, and since when ({@link #endRunAtExit}). */
    private volatile boolean mainRunning;
    private volatile long mainStartedNanos;
    /** Peers, published once connected (before the runtime starts). */
    private volatile Peers peers;
    /** Fault injection: run once the master has sent its first DONE (see {@link #afterFirstDone}). */
    private volatile Runnable afterFirstDone;

    /**
     * Fault injection for tests and demos: {@code hook} runs on the master right after its first DONE was sent and
     * confirmed (the command line halts the JVM there, so that the master dies after {@code main} returned but before
     * DONE reached every node). That first DONE goes to the live member ranking last, never to the master's successor
     * while another member lives: the successor must learn from another node that the run is over
     * ({@link DoneInquiry}) instead of running {@code main} again. Call before {@link #run}.
     */
    public SatinNode afterFirstDone(Runnable hook) {
        this.afterFirstDone = hook;
        return this;
    }

    /** Fault injection: the network cut given to this node's IPL node, or null. */
    private volatile satin.ipl.NetworkCut networkCut;

    /**
     * Fault injection for tests and demos: {@code cut} cuts this node's wide-area links (with WAN emulation,
     * {@link NodeOptions#wan()}) and its registry connection while it is on, as a network partition of its cluster
     * would ({@link satin.ipl.NetworkCut}). A cut longer than the detection time makes the registry declare this node
     * dead, and this node lose the registry: it then ends its run with a failure that says it was cut off (fenced:
     * it sends nothing more to the run), while the others recover its work as after a crash. Call before {@link #run}.
     */
    public SatinNode networkCut(satin.ipl.NetworkCut cut) {
        this.networkCut = cut;
        return this;
    }

    /** How long the master's {@code main} ran, from DONE (forwarded when the master died after sending it). */
    private volatile long mainNanosAtDone = -1;
    /** The master that ran {@code main} to its end, as DONE names it (-1 before DONE). */
    private volatile int doneFrom = -1;
    /** Whether this node joins a running pool ({@link #joinRunningPool}). */
    private volatile boolean joinRunning;
    private volatile SalvagedResults salvaged;
    private volatile SatinRuntime runtime;
    /** This node's IPL node while it runs, for {@link #reportSoFar()}'s message counts. */
    private volatile Node iplNode;
    private volatile long startedNanos;
    private volatile long cpuAtStart;
    /** Null unless this node records a timeline ({@code satin run --trace}). */
    private final Timeline timeline;
    /** The run's Kryo registration list when a launcher computed it once for all nodes, else null. */
    private final List<String> givenClasses;
    /** The timeline's {@code messages} row and the members' indices, set once the pool closed (before any message). */
    private volatile Track messages;
    private volatile Map<NodeIdentifier, Integer> memberIndex = Map.of();

    public SatinNode(NodeOptions options) {
        this(options, Map.of(), null, null);
    }

    /**
     * With IPL settings of its own, e.g. {@code ipl.security.secret.file} or {@code ipl.security.encrypt}: the
     * IPL refuses a pool without a secret unless {@code ipl.security.insecure=true} is among them.
     */
    public SatinNode(NodeOptions options, Map<String, String> iplSettings) {
        this(options, iplSettings, null, null);
    }

    /**
     * A node that records its workers, steal requests and messages into {@code timeline} (when not null), and
     * names the pool's members in it ({@link Timeline#members}) once the pool is closed.
     */
    public SatinNode(NodeOptions options, Timeline timeline) {
        this(options, Map.of(), timeline, null);
    }

    /**
     * The node with everything a launcher may give it: IPL settings of its own (security, as above, and any other
     * {@code ipl.*} setting; the heartbeat settings follow {@link NodeOptions#detectionMillis()} unless given
     * here), a timeline (may be null), and the registration list a launcher computed once for every node of the
     * run (with {@link SerializationClasses#forProgram} on the same class path) instead of scanning the class path
     * here: the scan reads every class header of the program's jars, which costs each node JVM a few hundred
     * milliseconds at start. A list that differs from the others' is refused by the registry as always.
     *
     * @param serializationClasses the list, or null to compute it here
     */
    public SatinNode(NodeOptions options, Map<String, String> iplSettings, Timeline timeline,
            List<String> serializationClasses) {
        this.options = options;
        this.iplSettings = Map.copyOf(iplSettings);
        this.timeline = timeline;
        this.givenClasses = serializationClasses == null ? null : List.copyOf(serializationClasses);
    }

    private volatile boolean retryStealsAtOnce;

    /**
     * Emulation setting ({@code satin experiment}): after a steal request's reply brought no job, the idle worker sends
     * the next request at once instead of backing off (spins, yields, then parks of up to 2 ms), as the paper's idle
     * loop does. Off by default: a real node on a shared machine keeps its backoff. Call before {@link #run}.
     */
    public SatinNode retryStealsAtOnce() {
        retryStealsAtOnce = true;
        return this;
    }

    private volatile EmulatedCosts emulatedCosts = EmulatedCosts.NONE;

    /**
     * Emulation setting ({@code satin experiment}): costs this node pays on purpose to emulate a measured system
     * ({@link EmulatedCosts}: a victim's late answer to synchronous wide-area steal requests). None by default. Call
     * before {@link #run}.
     */
    public SatinNode emulatedCosts(EmulatedCosts costs) {
        emulatedCosts = java.util.Objects.requireNonNull(costs, "costs");
        return this;
    }

    /**
     * This node joins a running pool (a malleable one, started by nodes with fault tolerance), whatever its size: it
     * starts stealing as soon as the pool's nodes have welcomed it. Call before {@link #run}.
     */
    public SatinNode joinRunningPool() {
        joinRunning = true;
        return this;
    }

    /**
     * Jobs this node's workers have run so far (0 before its runtime starts); a progress figure, read while they run
     * (each worker's count is exact only after it stopped).
     */
    public long jobsExecuted() {
        return jobsExecutedSoFar();
    }

    /**
     * How many of this node's jobs other nodes run now (stolen from here, result not back yet): 0 before its runtime
     * starts. Were this node to die now, these jobs would be orphans (fault injection uses it to crash a node while
     * others hold work stolen from it); read while the run goes on.
     */
    public int jobsWithThieves() {
        RemoteStealing remote = stealing;
        return remote == null ? 0 : remote.exportedCount();
    }

    /**
     * What this node has done so far ({@link NodeProgress#NONE} before its runtime starts), for a progress line: read
     * while the run goes on, from counters its workers and stealing layer keep anyway.
     */
    public NodeProgress progress() {
        SatinRuntime r = runtime;
        RemoteStealing remote = stealing;
        if (r == null || remote == null) {
            return NodeProgress.NONE;
        }
        return NodeProgress.of(r.pool().statistics(), remote.intraSuccesses.sum(), remote.interSuccesses.sum());
    }

    /**
     * Asks this node to leave the run gracefully (see the class comment); returns at once. The future completes when
     * the node's run has ended here (left, or the run ended otherwise first). A node without fault tolerance cannot
     * leave without failing the run: then the future fails at once and nothing happens.
     */
    public CompletableFuture<Void> leave() {
        if (!options.faultTolerant()) {
            return CompletableFuture.failedFuture(new IllegalStateException(who() + ": a graceful leave needs fault "
                    + "tolerance (the other nodes would take the leave for a failure)"));
        }
        int self = selfIndex;
        if (self >= 0 && currentMaster() == self && !ended.isDone()) {
            return CompletableFuture.failedFuture(new IllegalStateException(who() + " runs main (the master) and "
                    + "cannot leave"));
        }
        leaveRequested.complete(null);
        return ended.copy();
    }

    /**
     * This node's statistics so far, as the report it sends at the end would give them now, or null before its runtime
     * starts: read while the run goes on, from the same counters (the workers' statistics, as {@link #progress()} reads
     * them; the stealing layer's {@code LongAdder}s; the IPL node's traffic snapshot). Lets a caller count a part of a
     * run only (satin experiment: the measured tree without the warm-up before it).
     */
    public NodeReport reportSoFar() {
        SatinRuntime r = runtime;
        RemoteStealing remote = stealing;
        Node node = iplNode;
        if (r == null || remote == null || node == null) {
            return null;
        }
        return reportNow(node, remote, r, startedNanos);
    }

    /** This node's report as of now, for a run whose clock started at {@code start}. */
    private NodeReport reportNow(Node node, RemoteStealing remote, SatinRuntime runtime, long start) {
        WorkerStatistics w = WorkerStatistics.zero();
        List<WorkerStatistics> workers = runtime.statistics();
        for (WorkerStatistics s : workers) {
            w = w.plus(s);
        }
        SharedReplication sh = shared;
        satin.ipl.CommunicationStatistics traffic = node.statistics();
        return new NodeReport(options.nodeName(), options.cluster(), workers.size(), w.spawns(), w.spawnsInlined(),
                w.jobsExecuted(), w.stealAttempts(), w.steals(),
                remote.intraAttempts.sum(), remote.intraSuccesses.sum(),
                remote.interAttempts.sum(), remote.interSuccesses.sum(), remote.jobsExported.sum(),
                traffic.intraClusterMessages(), traffic.intraClusterBytes(),
                traffic.interClusterMessages(), traffic.interClusterBytes(),
                System.nanoTime() - start, w.idleNanos(), remote.stealWaitNanos.sum(),
                cpuNow() - cpuAtStart, w.jobsAborted(),
                sh == null ? 0 : sh.objectsCreated(), sh == null ? 0 : sh.writesIssued.sum(),
                sh == null ? 0 : sh.writesApplied.sum(), w.wastedNanos());
    }

    /** {@link System#nanoTime()} when this node's runtime started (the run's clock here), or 0 before. */
    public long startedNanos() {
        return startedNanos;
    }

    private long jobsExecutedSoFar() {
        SatinRuntime r = runtime;
        if (r == null) {
            return 0;
        }
        long n = 0;
        for (var w : r.pool().statistics()) {
            n += w.jobsExecuted();
        }
        return n;
    }

    /**
     * Takes part in the run of {@code mainClass.main(args)}; returns once the run is over at this node.
     *
     * @throws NodeFailure if the run failed at this node or another one
     */
    public Outcome run(Class<?> mainClass, String[] args, String classpath) throws NodeFailure {
        programLoader = mainClass.getClassLoader();
        List<String> classes;
        try {
            classes = givenClasses != null ? givenClasses
                    : SerializationClasses.forProgram(mainClass, classpath, programLoader, options.register());
        } catch (RuntimeException e) {
            throw new NodeFailure(who() + ": cannot compute the serialization classes: " + e.getMessage(), e);
        }
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        current.setContextClassLoader(programLoader);
        Node node;
        try {
            node = Ipl.node(iplConfig(classes)).portTypes(PORT_TYPE).networkCut(networkCut).objectReferences(references)
                    .poolCapabilities(PoolCapability.CLOSED_WORLD,
                            PoolCapability.MEMBERSHIP_EVENTS)
                    .eventHandler(new Events()).start();
        } catch (IOException | RuntimeException e) {
            throw new NodeFailure(who() + ": cannot join the pool at " + options.registry() + ": " + e.getMessage(), e);
        } finally {
            current.setContextClassLoader(previous);
        }
        try (node) {
            return runIn(node, mainClass, args);
        } catch (IOException e) {
            throw new NodeFailure(who() + ": " + e.getMessage(), e);
        } finally {
            ended.complete(null);
        }
    }

    private Outcome runIn(Node node, Class<?> mainClass, String[] args) throws NodeFailure, IOException {
        iplNode = node;
        codec = new Codec(programLoader, references);
        ReceivePort inbox = node.createReceivePort(PORT_TYPE, Peers.RECEIVE_PORT, new NodeInbox(this::dispatch));
        try (inbox) {
            if (!node.registry().waitUntilPoolClosed(options.timeoutMillis())) {
                throw new NodeFailure(who() + (joinRunning ? ": pool '" + options.poolName() + "' did not start within "
                        + options.timeoutMillis() + " ms"
                        : ": only " + node.registry().poolSize() + " of " + options.poolSize()
                        + " nodes joined pool '" + options.poolName() + "' within " + options.timeoutMillis() + " ms"),
                        null);
            }
            int initial = node.registry().joinedBeforeClose();
            List<NodeIdentifier> known = node.registry().members();
            membership.closedWith(initial >= 0 ? initial : Integer.MAX_VALUE);
            known.forEach(membership::learn);
            int self = PoolView.numberOf(node.identifier());
            membership.learn(node.identifier());
            selfIndex = self;
            boolean joiner = membership.isJoiner(self);
            if (timeline != null) {
                List<String> names = new ArrayList<>();
                Map<NodeIdentifier, Integer> index = new HashMap<>();
                for (int i = 0; i <= membership.numbers().get(membership.numbers().size() - 1); i++) {
                    NodeIdentifier id = membership.get(i);
                    names.add(id == null ? "?" : id.location().toString());
                    if (id != null) {
                        index.put(id, i);
                    }
                }
                timeline.members(names, self);
                memberIndex = index;
                messages = timeline.track("messages");
            }
            int master = membership.master();
            // the initial members know each other from the start; a joiner knows everyone who joined before it
            List<Integer> first = new ArrayList<>();
            for (int n : membership.numbers()) {
                if (n != self && (joiner ? n < self : !membership.isJoiner(n))) {
                    first.add(n);
                }
            }
            try (Peers peers = new Peers(node, PORT_TYPE, membership::get, options.timeoutMillis(), messages, codec)) {
                // a node that dies before main starts fails this node's run at once (no recovery exists yet): stop
                // connecting to it then, rather than for the whole timeout, and report that death as the cause
                peers.gone(n -> finished.isCompletedExceptionally());
                try {
                    peers.connectAll(self, first);
                } catch (IOException e) {
                    if (finished.isCompletedExceptionally()) {
                        throw failure();
                    }
                    throw e;
                }
                this.peers = peers;
                // Published before this node's first WARMUP: see dispatch.
                CrashRecovery crashes = null;
                if (options.faultTolerant()) {
                    salvaged = new SalvagedResults(options.reuseResults());
                    crashes = new CrashRecovery(self, membership, salvaged,
                            Math.min(options.timeoutMillis(), ROUND_MILLIS), takeOver::complete);
                }
                CrashRecovery recovering = crashes;
                peers.onBroken((peer, message, cause) -> linkBroken(recovering, peer, message, cause));
                peers.gone(n -> recovering != null && recovering.isDead(n));
                RemoteStealing remote = new RemoteStealing(self, n -> {
                            NodeIdentifier id = membership.get(n);
                            return id != null && !id.sameCluster(node.identifier());
                        }, peers, options.timeoutMillis(),
                        t -> fail(t, "stealing"), new UnshippableJobs(who(), programLoader),
                        timeline == null ? null : timeline.track("steals"), crashes);
                SharedReplication replication = new SharedReplication(self, master,
                        initial >= 0 ? initial : known.size(),
                        remote::sendIfAlive, options.timeoutMillis(), programLoader, t -> fail(t, "shared objects"),
                        options.nodeName());
                if (joiner) {
                    replication.awaitSnapshot(); // before its first steal request: see SharedReferences
                }
                references.attach(replication);
                remote.share(references);
                shared = replication;
                if (retryStealsAtOnce) {
                    remote.retryAtOnce();
                }
                remote.emulate(emulatedCosts, options.nodeName());
                stealing = remote;
                if (joiner && master != self) {
                    // the master sends the replicas as they are now, then every later update (SharedReplication)
                    remote.sendIfAlive(master, new Message.SharedJoin(self));
                }
                if (crashes != null) {
                    crashes.attach(remote);
                    crashes.names(this::location);
                    recovery = crashes;
                }
                if (!joiner) {
                    warmUp(peers, self, first);
                    first.forEach(membership::ready);
                }
                long start = System.nanoTime();
                cpuAtStart = cpuNow();
                SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName(options.nodeName())
                        .withWorkers(options.workers()).withInlineThreshold(options.inlineThreshold())
                        .withExternalWork(new GuardedWork(remote, replication, () -> place(self), this::balancing))
                        .withTimeline(timeline)
                        .withSalvagedResults(salvaged));
                VictimSelector victims = new MemberVictims(membership, self, new Random(31L * self + System.nanoTime()));
                remote.attach(options.algorithm().create(crashes == null ? victims
                        : new LiveVictims(victims, crashes::isDead), remote::request), runtime.pool());
                runtime.pool().setContextClassLoader(programLoader);
                this.runtime = runtime;
                this.startedNanos = start;
                startWelcoming();
                if (joiner) {
                    log.info("{}: joined the running pool as node {}; stealing from the nodes that welcome it", who(),
                            self);
                }
                try {
                    log.debug("{}: node {} of {}, master {}", who(), self, membership.numbers().size(), master);
                    return self == master
                            ? runMaster(node, remote, runtime, mainClass, args, start, false)
                            : runWorker(node, remote, runtime, self, start, mainClass, args);
                } finally {
                    remote.stop();
                    remote.closeLateAnswers();
                    replication.close();
                    if (crashes != null) {
                        crashes.stop();
                    }
                    closeRuntime(runtime);
                }
            }
        }
    }

    // ---- nodes joining the running pool ----

    /**
     * This node runs: from now on it welcomes the joiners it must (those known already, then each as its joined event
     * arrives), and the older members that welcomed it (a joiner) become victims.
     */
    private void startWelcoming() {
        synchronized (welcomes) {
            running = true;
            welcomes.forEach(membership::ready);
        }
        for (int n : membership.numbers()) {
            welcome(n);
        }
    }

    /**
     * Welcomes node {@code number} if it joined the running pool after this node: on a thread of its own (connecting
     * may take a while, and neither the registry's event thread nor the upcall thread may wait for it), connects to
     * it, sends it a WARMUP (the welcome: this node knows it and answers its requests), and makes it a victim here.
     * A joiner steals from a member only after that member's welcome, so every reply finds its link made. Joiners
     * need fault tolerance: without it, the pool is not malleable and the registry refuses them.
     */
    private void welcome(int number) {
        int self = selfIndex;
        if (number <= self || !membership.isJoiner(number) || !welcomed.add(number)) {
            return;
        }
        Thread t = new Thread(() -> {
            Peers links = peers;
            RemoteStealing remote = stealing;
            try {
                links.connectTo(number);
                remote.sendIfAlive(number, new Message.Warmup(self));
                membership.ready(number);
                NodeIdentifier id = membership.get(number);
                log.info("{}: node {} ({}) joined the running pool", who(), number,
                        id == null ? "?" : id.location());
                if (doneSent) {
                    // it joined as the run ended
                    remote.sendIfAlive(number, new Message.Done(self, self, mainNanosAtDone));
                }
            } catch (IOException | RuntimeException e) {
                log.warn("{}: cannot welcome node {} that joined the pool: {}", who(), number, e.toString());
            }
        }, options.nodeName() + "-welcome-" + number);
        t.setDaemon(true);
        t.start();
    }

    /** A WARMUP from {@code from}: from an older member to this joiner, its welcome. */
    private void welcomedBy(int from) {
        synchronized (welcomes) {
            welcomes.add(from);
            if (running && membership.isJoiner(selfIndex) && from < selfIndex) {
                membership.ready(from);
            }
        }
    }

    /**
     * Runs {@code main} (again, in lookup mode, when {@code again}: this node took over from a master that died), then
     * ends the run: DONE to every live node, their statistics, the pool's termination.
     */
    private Outcome runMaster(Node node, RemoteStealing remote, SatinRuntime runtime, Class<?> mainClass,
            String[] args, long start, boolean again) throws NodeFailure, IOException {
        CompletableFuture<Throwable> main = new CompletableFuture<>();
        mainStartedNanos = start;
        Thread runner = new Thread(() -> {
            mainRunning = true;
            try {
                if (again) {
                    runtime.runMainAgain(mainClass, args);
                } else {
                    runtime.runMain(mainClass, args);
                }
                mainRunning = false;
                main.complete(null);
            } catch (Throwable t) {
                mainRunning = false;
                main.complete(t);
            }
        }, options.nodeName() + "-main");
        runner.setDaemon(true);
        runner.start();
        try {
            CompletableFuture.anyOf(main, finished).get(); // unbounded by nature: see "Waits" above
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e, "interrupted while main ran");
        } catch (java.util.concurrent.ExecutionException e) {
            // finished failed: handled below
        }
        long mainNanos = System.nanoTime() - start;
        if (finished.isCompletedExceptionally()) {
            terminateQuietly(node);
            throw failure();
        }
        done = true;
        stopRecovery();
        remote.stop();
        int self = selfIndex;
        doneSent = true; // before the snapshot: a joiner made a victim after it is sent DONE by its welcome thread
        mainNanosAtDone = mainNanos;
        doneFrom = self;
        List<Integer> order = new ArrayList<>(membership.victims());
        if (afterFirstDone != null) {
            order.sort(membership.rankOrder().reversed()); // my successor last
        }
        for (int i : order) {
            if (i != self && remote.sendIfAlive(i, new Message.Done(self, self, mainNanos))) {
                Runnable hook = afterFirstDone;
                afterFirstDone = null;
                if (hook != null) {
                    confirmDone(remote, i);
                    hook.run();
                }
            }
        }
        runtime.close();
        return collectReports(node, remote, runtime, start, mainNanos, main.join(), options.location());
    }

    /**
     * The program ends the run here: its JVM is exiting ({@code System.exit} in {@code main}, or in code that
     * {@code main} calls on this node) while this node runs {@code main}. Called from a shutdown hook, on a thread of
     * its own; the threads of the node go on meanwhile. Ends the run for every node as a returning {@code main} would,
     * without the statistics: DONE to every live node, each confirmed (its answer to a DONE_QUERY sent after the DONE:
     * it handled the DONE, so it neither runs {@code main} again nor takes the end of the pool for a failure), then the
     * pool's termination. The wait for the confirmations is bounded by {@code boundMillis} in all (a node that does not
     * confirm in time is slow or dying; the pool's end then reaches it as a failure, and it ends too).
     *
     * @return true if this node ran {@code main} and has ended the run; false if it does not run {@code main} (then
     *         its JVM exits in the middle of the run, and the others recover its work as after a crash)
     */
    public boolean endRunAtExit(long boundMillis) {
        RemoteStealing remote = stealing;
        Node node = iplNode;
        if (!mainRunning || remote == null || node == null || done) {
            return false;
        }
        int self = selfIndex;
        long mainNanos = System.nanoTime() - mainStartedNanos;
        done = true;
        stopRecovery();
        remote.stop();
        doneSent = true;
        mainNanosAtDone = mainNanos;
        doneFrom = self;
        log.info("{}: the program exits while main runs here: ending the run", who());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        List<Integer> told = new ArrayList<>();
        for (int i : membership.victims()) {
            try {
                if (i != self && remote.sendIfAlive(i, new Message.Done(self, self, mainNanos))) {
                    told.add(i);
                }
            } catch (IOException e) {
                log.debug("{}: cannot send DONE to node {}: {}", who(), i, e.getMessage());
            }
        }
        for (int i : told) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                break;
            }
            confirmDone(remote, i, left);
        }
        terminateQuietly(node);
        // the termination request is only queued: the JVM must not halt before the registry has handled it, or the
        // others would see this node die instead of the pool end (bounded by what is left of the bound)
        try {
            node.registry().waitUntilTerminated(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (IOException e) {
            log.debug("{}: the registry went away before it confirmed the end of the pool: {}", who(), e.getMessage());
        }
        return true;
    }

    /**
     * Fault injection ({@link #afterFirstDone}): waits until node {@code to} confirms that it handled this node's DONE
     * (its answer to a DONE_QUERY sent after the DONE), bounded by the run's timeout, so that the master dies with its
     * DONE surely out of its JVM (a send only queues the message).
     */
    private void confirmDone(RemoteStealing remote, int to) {
        confirmDone(remote, to, options.timeoutMillis());
    }

    private void confirmDone(RemoteStealing remote, int to, long boundMillis) {
        int self = selfIndex;
        long id = inquiry.next();
        CrashRecovery crashes = recovery;
        try {
            remote.sendIfAlive(to, new Message.DoneQuery(self, id));
            if (inquiry.await(id, java.util.Set.of(to), n -> crashes != null && crashes.isDead(n), () -> false,
                    boundMillis) == null) {
                log.warn("{}: {} did not confirm DONE within {} ms", who(), location(to), boundMillis);
            }
        } catch (IOException e) {
            log.warn("{}: cannot ask {} to confirm DONE: {}", who(), location(to), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Collects the statistics of every live node (this one's included), bounded by the run's timeout, ends the pool
     * and returns the run's report: on the master once {@code main} returned, or on the node that reports for a
     * master that died after it.
     */
    private Outcome collectReports(Node node, RemoteStealing remote, SatinRuntime runtime, long start,
            long mainNanos, Throwable mainFailure, String mainRanOn) throws NodeFailure {
        int self = selfIndex;
        reports.put(self, reportNow(node, remote, runtime, start));
        faultReports.put(self, nodeFaults(runtime, remote));
        CrashRecovery crashes = recovery;
        crashes(self, crashes == null ? Map.of() : membership.detections());
        long deadline = System.currentTimeMillis() + options.timeoutMillis();
        synchronized (reports) {
            while (!allReported() && !finished.isCompletedExceptionally()) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    terminateQuietly(node);
                    throw new NodeFailure(who() + ": statistics of only " + reports.size() + " of "
                            + (membership.victims().size() + 1) + " nodes arrived within " + options.timeoutMillis()
                            + " ms", null);
                }
                try {
                    reports.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        // again: a node that died during the wait ended it without statistics, and its loss is known only here now
        crashes(self, crashes == null ? Map.of() : membership.detections());
        List<NodeReport> ordered = new ArrayList<>();
        List<NodeFaults> faults = new ArrayList<>();
        for (int i : membership.numbers()) {
            NodeReport r = reports.get(i);
            if (r != null) {
                ordered.add(r);
                faults.add(faultReports.get(i));
            }
        }
        terminateQuietly(node);
        List<FaultReport.Loss> lost = new ArrayList<>();
        detections.forEach((i, times) -> lost.add(new FaultReport.Loss(location(i), times[0], times[1])));
        lost.sort(java.util.Comparator.comparingLong(FaultReport.Loss::firstDetectedMillis));
        List<String> left = new ArrayList<>();
        if (crashes != null) {
            membership.inState(satin.runtime.node.membership.MemberState.LEFT).stream().sorted().forEach(i -> left.add(location(i)));
        }
        List<String> joined = new ArrayList<>();
        for (int i : membership.numbers()) {
            if (membership.isJoiner(i)) {
                joined.add(location(i));
            }
        }
        return new Outcome(true, mainFailure, new RunReport(options.algorithm().name(), mainNanos, ordered, -1,
                new FaultReport(options.faultTolerant(), lost, faults, left, mainRanOn, joined,
                        options.detectionMillis())));
    }

    /** The location of node {@code number}, as far as this node knows it. */
    private String location(int number) {
        NodeIdentifier id = membership.get(number);
        return id == null ? "node #" + number : id.location().toString();
    }

    /** Whether every member has sent its statistics, or is gone (died, or left after sending them). */
    private boolean allReported() {
        CrashRecovery crashes = recovery;
        for (int i : membership.victims()) {
            if (!reports.containsKey(i) && (crashes == null || !crashes.isDead(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A node that does not run {@code main}: serves and steals until DONE; or runs {@code main} again when the master
     * died and this node is the new one; or leaves when asked to.
     */
    private Outcome runWorker(Node node, RemoteStealing remote, SatinRuntime runtime, int self, long start,
            Class<?> mainClass, String[] args) throws NodeFailure, IOException {
        awaitAny(finished, takeOver, leaveRequested); // unbounded by nature: see "Waits" above
        if (!finished.isDone() && leaveRequested.isDone() && !takeOver.isDone()) {
            Outcome left = leave(node, remote, runtime, self, start);
            if (left != null) {
                return left;
            }
        }
        if (finished.isCompletedExceptionally()) {
            throw failure();
        }
        if (!finished.isDone() && takeOver.isDone()) {
            if (!learnedDone(remote, takeOver.join())) {
                remote.resume(); // a leave given up: this node is the master now
                log.warn("{}: the master ({}) is gone: this node runs main again", who(), location(takeOver.join()));
                return runMaster(node, remote, runtime, mainClass, args, start, true);
            }
            if (finished.isCompletedExceptionally()) {
                throw failure();
            }
        }
        remote.stop();
        runtime.close();
        if (recovery != null) {
            return reportAfterDone(node, remote, runtime, self, start);
        }
        try {
            if (!sendStatistics(node, remote, runtime, self, start, currentMaster())) {
                log.warn("{}: the master ({}) is gone; its statistics are lost", who(), location(currentMaster()));
                return new Outcome(false, null, null);
            }
        } catch (IOException e) {
            // (without fault tolerance) the link to the master also carries other threads' messages: one written
            // after the master closed its port, once it had every report, breaks the link and fails this flush even
            // though the statistics arrived; the master ends the pool only then, which tells the two cases apart
            if (node.registry().waitUntilTerminated(options.timeoutMillis())) {
                log.debug("{}: the link to the master broke after it ended the run: {}", who(), e.getMessage());
                return new Outcome(false, null, null);
            }
            throw e;
        }
        // Leave only once the master has everything: it terminates the pool after the last report.
        if (!node.registry().waitUntilTerminated(options.timeoutMillis())) {
            log.warn("{}: the master did not end the pool within {} ms after the statistics; leaving", who(),
                    options.timeoutMillis());
        }
        return new Outcome(false, null, null);
    }

    /**
     * After DONE, with fault tolerance: sends this node's statistics to the node that reports the run (the master, or,
     * when the master died after {@code main} returned, the live node ranking first: it collects the statistics of the
     * others, prints them and ends the pool) and waits until the pool ends, sending them again to a new reporter if
     * the one it sent them to dies first. Each wait is bounded by the run's timeout.
     */
    private Outcome reportAfterDone(Node node, RemoteStealing remote, SatinRuntime runtime, int self, long start)
            throws NodeFailure, IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(options.timeoutMillis());
        int sentTo = -1;
        while (true) {
            // the pool's end first: a master that ended the run at its JVM's exit terminated the pool before going
            // away, and the registry sends the termination before that death
            if (node.registry().waitUntilTerminated(0)) {
                return new Outcome(false, null, null);
            }
            int reporter = reporter();
            if (reporter == self) {
                log.warn("{}: the master died after main returned: this node collects and prints the statistics",
                        who());
                forwardDone(doneFrom);
                return collectReports(node, remote, runtime, start, mainNanosAtDone, null, location(doneFrom));
            }
            if (reporter != sentTo && sendStatistics(node, remote, runtime, self, start, reporter)) {
                sentTo = reporter;
            }
            if (node.registry().waitUntilTerminated(20)) {
                return new Outcome(false, null, null);
            }
            if (System.nanoTime() - deadline > 0) {
                log.warn("{}: the run's statistics were not collected within {} ms after DONE; leaving", who(),
                        options.timeoutMillis());
                return new Outcome(false, null, null);
            }
        }
    }

    /** The node that collects the statistics: the master, or the live node ranking first once it is gone. */
    private int reporter() {
        return membership.master();
    }

    /** Waits until one of {@code events} completes (each wait's bound is its caller's); an interrupt fails the run. */
    private void awaitAny(CompletableFuture<?>... events) throws NodeFailure {
        try {
            CompletableFuture.anyOf(events).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e, "interrupted while waiting for the end of the run");
            throw failure();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException e) {
            throw failure();
        }
    }

    /**
     * The graceful leave (see the class comment). Returns null when it was given up because the run ended meanwhile
     * (DONE or a failure) or this node became the master; else the outcome of a node that left.
     */
    private Outcome leave(Node node, RemoteStealing remote, SatinRuntime runtime, int self, long start)
            throws NodeFailure, IOException {
        log.info("{}: leaving the run: no more steal requests; finishing the jobs it holds", who());
        remote.beginLeave();
        if (!awaitHoldsNothing(remote)) {
            return null;
        }
        remote.stop();
        if (!awaitHoldsNothing(remote)) {
            return null;
        }
        runtime.close();
        if (!sendStatistics(node, remote, runtime, self, start, currentMaster())) {
            log.warn("{}: the master is gone; leaving without sending the statistics", who());
        }
        stopRecovery(); // out of the run: the losses of others, the master's too, are no concern of this node
        java.util.Set<Integer> told = new java.util.HashSet<>();
        for (int peer : membership.victims()) {
            if (peer != self && remote.sendIfAlive(peer, new Message.Leaving(self))) {
                told.add(peer);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(options.timeoutMillis());
        synchronized (leaveAcks) {
            while (!told.stream().allMatch(p -> leaveAcks.contains(p) || recovery.isDead(p))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    log.warn("{}: not every node confirmed this node's leave within {} ms; leaving", who(),
                            options.timeoutMillis());
                    break;
                }
                try {
                    leaveAcks.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        log.info("{}: left the run gracefully", who());
        done = true; // the registry's events from here on concern a run this node is out of
        return new Outcome(false, null, null, true);
    }

    /**
     * Waits until this node holds nothing of another node (see {@link RemoteStealing#holdsNothing}); false when the
     * run ended or this node became the master meanwhile. No bound: the jobs it holds run as long as they run (each
     * is finished, not given up); the check is repeated every millisecond.
     */
    private boolean awaitHoldsNothing(RemoteStealing remote) throws NodeFailure {
        while (!remote.holdsNothing()) {
            if (finished.isDone() || takeOver.isDone()) {
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                fail(null, "interrupted while leaving");
                throw failure();
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
        }
        return !finished.isDone() && !takeOver.isDone();
    }

    private void stopRecovery() {
        CrashRecovery crashes = recovery;
        if (crashes != null) {
            crashes.stop();
        }
    }

    /** The node running {@code main} now. */
    private int currentMaster() {
        return membership.master();
    }

    /** Sends this node's statistics to node {@code to} (the master); false when it is gone. */
    private boolean sendStatistics(Node node, RemoteStealing remote, SatinRuntime runtime, int self, long start,
            int to) throws IOException {
        NodeReport report = reportNow(node, remote, runtime, start);
        CrashRecovery crashes = recovery;
        Map<Integer, Long> seen = crashes == null ? Map.of() : membership.detections();
        return remote.sendIfAlive(to, new Message.Statistics(self,
                new NodeStatistics(report, nodeFaults(runtime, remote), seen)));
    }

    /**
     * Sends every peer a message shaped like an empty steal reply and waits for theirs. The first message a
     * JVM writes or reads pays for setting up serialization (about 0.2 s on two busy cores); without this
     * the first steal requests of the run pay it, the thief waits and, on the master, main's start waits
     * behind its only worker's request.
     */
    private void warmUp(Peers peers, int self, List<Integer> others) throws IOException, NodeFailure {
        for (int i : others) {
            if (i != self) {
                peers.send(i, new Message.Warmup(self));
            }
        }
        try {
            // one WARMUP from every other node, but none from a node that died meanwhile (with fault tolerance: its
            // death is recovered like any other, the master's included); checked in slices, as a death releases no
            // permit. Without this the warm-up waited out the whole timeout (60 s) for a node that died before main
            // (issue 31). A dead node's WARMUP that came before its death may end the wait one WARMUP early: harmless,
            // as every message is safe to handle from the moment the receive port exists (see dispatch).
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(options.timeoutMillis());
            CrashRecovery crashes = recovery;
            int got = 0;
            boolean all;
            while (true) {
                long needed = others.stream().filter(i -> crashes == null || !crashes.isDead(i)).count();
                all = got >= needed;
                long left = deadline - System.nanoTime();
                if (all || left <= 0 || finished.isCompletedExceptionally()) {
                    break;
                }
                if (warmups.tryAcquire(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, 50), TimeUnit.MILLISECONDS)) {
                    got++;
                }
            }
            if (finished.isCompletedExceptionally()) {
                throw failure();
            }
            if (!all) {
                throw new NodeFailure(who() + ": not every node answered the warm-up message within "
                        + options.timeoutMillis() + " ms", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NodeFailure(who() + ": interrupted during the warm-up", e);
        }
    }

    // ---- messages ----

    /**
     * Handles one message on the receive port's upcall thread, which handles this node's messages one at a time in
     * arrival order, all but ABORT. An ABORT is handled at once on the transport's thread that read it (the port's
     * {@link NodeInbox}), overtaking the messages queued for the upcall thread and possibly while that thread
     * handles another: a remote abort then reaches the aborted job's worker with one thread hand-off fewer (on a
     * machine whose processors are all busy, each hand-off can cost a scheduler time slice). That is safe because
     * {@link RemoteStealing#onAbort} never waits on this node's progress (it takes the short {@code foreign} lock,
     * which no holder keeps across a wait or a send, writes volatile flags and unparks the workers: the transport's
     * thread is never held up), and it orders itself against the one message it depends on, the STEAL_REPLY that
     * brought the job, under that lock (see {@link RemoteStealing}, Abort). The rest of this method that an ABORT runs
     * is safe on two threads at once: {@link PoolView} is concurrent, {@link Track#add} synchronized.
     *
     * <p>Neither thread ever waits for this node's progress (for its warm-up or the start of its runtime): a message
     * it waited behind would wait too, and one of those can be the WARMUP that ends the warm-up. Instead every
     * message is safe to handle from the moment the receive port exists:
     * <ul>
     *   <li>WARMUP releases a permit, STATS files a report, DONE completes {@link #finished}: they need nothing.</li>
     *   <li>STEAL_REQUEST needs {@link #stealing}, which is published before this node sends its first WARMUP. A
     *       peer steals only once it is ready, that is after it handled this node's WARMUP, so its request is
     *       handled after the publication. Before this node's runtime exists, {@link RemoteStealing} has no pool
     *       and answers "no job".</li>
     *   <li>SHARED_SUBMIT and SHARED_ORDERED need {@link #shared}, published with {@link #stealing}; a peer writes a
     *       shared object only once its runtime runs, after the warm-up. SHARED_JOIN comes from a joiner to the
     *       master, which runs; the master's answer reaches the joiner after it published {@link #shared}.</li>
     *   <li>STEAL_REPLY and RESULT answer a steal request or an exported job of this node, which its runtime's
     *       workers make only after {@link #stealing} was published. An ABORT names a job this node stole, so it
     *       comes after such a request too.</li>
     * </ul>
     * So a missing {@link #stealing} is a peer breaking the protocol, reported as such.
     */
    private void dispatch(ReadMessage m) throws IOException {
        try {
            NodeIdentifier origin = m.origin().node();
            if (membership.get(PoolView.numberOf(origin)) == null) {
                membership.learn(origin); // a joiner whose message overtook the registry's joined event
            }
            long size = m.size();
            Message message = codec.read(m);
            byte tag = Codec.tagOf(message);
            Track row = messages;
            if (row != null) {
                long now = System.nanoTime();
                Integer from = memberIndex.get(origin);
                row.add(Track.MESSAGE_RECEIVED, now, now, (long) (from == null ? -1 : from) << 8 | tag, size);
            }
            if (message instanceof Message.Warmup w) {
                warmups.release();
                welcomedBy(w.from());
            } else if (message instanceof Message.StealRequest r) {
                stealing(tag).onStealRequest(r);
            } else if (message instanceof Message.StealReply r) {
                stealing(tag).onStealReply(r);
            } else if (message instanceof Message.Result r) {
                stealing(tag).onResult(r);
            } else if (message instanceof Message.Abort a) {
                stealing(tag).onAbort(a);
            } else if (message instanceof Message.SharedSubmit u) {
                shared(tag).onSubmit(u);
            } else if (message instanceof Message.SharedOrdered u) {
                shared(tag).onOrdered(u);
            } else if (message instanceof Message.SharedJoin j) {
                shared(tag).follow(j.from());
            } else if (message instanceof Message.Done d) {
                doneFrom = d.master();
                mainNanosAtDone = d.mainNanos();
                done = true;
                stopRecovery(); // the run is over: a loss from now on is only noted (no takeover, no round)
                finished.complete(null);
                inquiry.wake();
            } else if (message instanceof Message.DoneQuery q) {
                onDoneQuery(q);
            } else if (message instanceof Message.DoneAnswer a) {
                inquiry.answered(a.id(), a.from(), new DoneInquiry.Answer(a.seen(), a.doneFrom(), a.mainNanos()));
            } else if (message instanceof Message.Statistics st) {
                onStats(st);
            } else if (message instanceof Message.Orphans o) {
                onOrphans(o);
            } else if (message instanceof Message.Salvage sv) {
                stealing(tag).onSalvage(sv);
            } else if (message instanceof Message.Leaving l) {
                onLeaving(l);
            } else if (message instanceof Message.LeaveAck a) {
                synchronized (leaveAcks) {
                    leaveAcks.add(a.from());
                    leaveAcks.notifyAll();
                }
            }
        } catch (IOException | RuntimeException e) {
            fail(e, "handling a message from " + m.origin());
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    private RemoteStealing stealing(byte tag) throws IOException {
        RemoteStealing remote = stealing;
        if (remote == null) {
            throw new IOException("message " + tag + " arrived before this node sent its WARMUP");
        }
        return remote;
    }

    private SharedReplication shared(byte tag) throws IOException {
        SharedReplication replication = shared;
        if (replication == null) {
            throw new IOException("message " + tag + " arrived before this node sent its WARMUP");
        }
        return replication;
    }

    private void onStats(Message.Statistics m) {
        int from = m.from();
        NodeStatistics s = m.statistics();
        faultReports.put(from, s.faults());
        crashes(from, s.detectedMillis());
        synchronized (reports) {
            reports.put(from, s.report());
            reports.notifyAll();
        }
    }

    /**
     * DONE_QUERY: answers at once whether this node handled a DONE (see {@link DoneInquiry}), from this upcall thread
     * like LEAVE_ACK (one small message per question).
     */
    private void onDoneQuery(Message.DoneQuery m) throws IOException {
        int master = doneFrom;
        long mainNanos = mainNanosAtDone;
        boolean seen = master >= 0;
        stealing(Codec.tagOf(m)).sendIfAlive(m.from(), new Message.DoneAnswer(selfIndex, m.id(), seen, master,
                mainNanos));
    }

    /**
     * Before this node runs {@code main} again (the master {@code oldMaster} died and this node succeeds it): asks
     * every live node whether it saw DONE ({@link DoneInquiry}), waiting at most {@link #ROUND_MILLIS} (bounded by the
     * run's timeout) for the answers. When one did, or the DONE arrives here meanwhile, this node adopts it (the run
     * is over: {@link #finished} completes) and returns true; the caller then ends the run as the node reporting for
     * a master that died after {@code main} returned, forwarding DONE to every live node. False: nobody saw DONE,
     * {@code main} must run again.
     */
    private boolean learnedDone(RemoteStealing remote, int oldMaster) throws NodeFailure {
        int self = selfIndex;
        CrashRecovery crashes = recovery;
        long id = inquiry.next();
        java.util.Set<Integer> asked = new java.util.HashSet<>();
        for (int i : membership.victims()) {
            if (i == self || crashes.isDead(i)) {
                continue;
            }
            try {
                if (remote.sendIfAlive(i, new Message.DoneQuery(self, id))) {
                    asked.add(i);
                }
            } catch (IOException e) {
                log.debug("{}: cannot ask node {} about DONE: {}", who(), i, e.getMessage());
            }
        }
        DoneInquiry.Answer answer;
        try {
            answer = inquiry.await(id, asked, crashes::isDead, finished::isDone,
                    Math.min(options.timeoutMillis(), ROUND_MILLIS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e, "interrupted while asking whether the run was over");
            throw failure();
        }
        if (finished.isDone()) {
            return true; // DONE arrived here meanwhile, or the run failed: the caller sees which
        }
        if (answer == null) {
            log.info("{}: none of {} saw the DONE of the master ({})", who(),
                    asked.stream().map(this::location).toList(), location(oldMaster));
            return false;
        }
        log.warn("{}: the master ({}) died after main returned (another node saw its DONE): ending the run "
                + "instead of running main again", who(), location(answer.doneFrom()));
        doneFrom = answer.doneFrom();
        mainNanosAtDone = answer.mainNanos();
        done = true;
        stopRecovery();
        finished.complete(null);
        return true;
    }

    private void onOrphans(Message.Orphans m) throws IOException {
        CrashRecovery crashes = recovery;
        if (crashes == null) {
            throw new IOException("ORPHANS from node " + m.from() + " in a run that does not survive crashes");
        }
        crashes.onOrphans(m.from(), m.dead(), m.keys());
    }

    /**
     * LEAVING from a node that leaves gracefully: every message it sent before (its results) was handled; it is
     * forgotten without recovery, and told so (LEAVE_ACK), from this upcall thread (sends never wait here).
     */
    private void onLeaving(Message.Leaving m) throws IOException {
        int from = m.from();
        CrashRecovery crashes = recovery;
        if (crashes == null) {
            throw new IOException("LEAVING from node " + from + " in a run that does not survive crashes");
        }
        crashes.departed(from);
        synchronized (reports) {
            reports.notifyAll(); // the master waits for the statistics of nodes still in the run only
        }
        try {
            stealing(Codec.tagOf(m)).sendIfAlive(from, new Message.LeaveAck(selfIndex));
        } catch (IOException e) {
            log.warn("{}: cannot confirm node {}'s leave: {}", who(), from, e.getMessage());
        }
    }

    /** The first and last time a node learned that node i was gone, over the reports so far. */
    private final Map<Integer, long[]> detections = new ConcurrentHashMap<>();
    private final Map<Integer, NodeFaults> faultReports = new ConcurrentHashMap<>();

    private void crashes(int reporter, Map<Integer, Long> seen) {
        seen.forEach((node, when) -> detections.merge(node, new long[] {when, when},
                (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])}));
    }

    private NodeFaults nodeFaults(SatinRuntime runtime, RemoteStealing remote) {
        CrashRecovery crashes = recovery;
        SalvagedResults table = salvaged;
        if (crashes == null || table == null) {
            return NodeFaults.none(options.nodeName());
        }
        return new NodeFaults(options.nodeName(), crashes.requeued.sum(), runtime.pool().reExecutionNanos(),
                remote.lostWorkNanos.sum(), crashes.salvagedHere.sum(), table.reused(), table.reusedWorkNanos(),
                table.waited(), crashes.salvagedWorkNanos.sum(), crashes.orphansHere.sum(), table.lateWorkNanos(),
                crashes.orphanWorkNanos.sum(), table.reusedOrphanWorkNanos(), remote.keptDropped(),
                remote.keptDroppedBytes());
    }

    // ---- pause and resume (SatinObject.pause(), resume()) ----

    /** The registry signals that carry {@code pause()} and {@code resume()} to every node. */
    static final String PAUSE_SIGNAL = "satin:pause-balancing";
    static final String RESUME_SIGNAL = "satin:resume-balancing";

    /**
     * The program paused or resumed load balancing on this node: this node's steal requests stop or restart at once,
     * the other nodes' once the registry's signal reaches them ({@link Events#gotSignal}). The signal goes through the
     * registry, which sends one member's signals to each member in the order given, so a pause and the resume after it
     * arrive in that order. A signal that cannot be sent is logged: balancing is an optimisation, not a result.
     */
    private void balancing(boolean on) {
        RemoteStealing remote = stealing;
        if (remote != null) {
            remote.paused(!on);
        }
        Node n = iplNode;
        if (n == null) {
            return;
        }
        try {
            n.registry().signal(on ? RESUME_SIGNAL : PAUSE_SIGNAL);
        } catch (java.io.IOException e) {
            log.warn("{}: could not tell the other nodes to {} load balancing: {}", who(), on ? "resume" : "pause",
                    e.getMessage());
        }
    }

    // ---- failures ----

    private final class Events implements RegistryEventHandler {
        @Override
        public void gotSignal(String signal, NodeIdentifier source) {
            RemoteStealing remote = stealing;
            if (remote != null && (PAUSE_SIGNAL.equals(signal) || RESUME_SIGNAL.equals(signal))) {
                remote.paused(PAUSE_SIGNAL.equals(signal));
            }
        }

        @Override
        public void joined(NodeIdentifier node) {
            membership.learn(node);
            boolean now;
            synchronized (welcomes) {
                now = running;
            }
            if (now && !done) {
                welcome(PoolView.numberOf(node));
            }
        }

        @Override
        public void died(NodeIdentifier node) {
            lost(node, new Observation.RegistryDied(), "node " + node.location() + " died");
        }

        @Override
        public void left(NodeIdentifier node) {
            lost(node, new Observation.RegistryLeft(), "node " + node.location() + " left before the run ended");
        }

        private void lost(NodeIdentifier node, Observation how, String failure) {
            CrashRecovery crashes = recovery;
            int number = PoolView.numberOf(node);
            NodeIdentifier known = membership.get(number);
            int index = known != null && known.sameAs(node) ? number : -1;
            if (crashes != null && index >= 0) {
                crashes.nodeGone(index, how);
                inquiry.wake(); // a node asked about DONE will not answer
                synchronized (reports) {
                    reports.notifyAll(); // the master waits for the statistics of live nodes only
                }
                synchronized (leaveAcks) {
                    // a leaving node waits for the LEAVE_ACKs of live nodes only: without this wake-up it waited out
                    // the whole timeout (60 s) when the run ended while it left (measured in bench faults (f))
                    leaveAcks.notifyAll();
                }
            } else if (!done) {
                fail(null, failure);
            }
        }

        @Override
        public void poolTerminated(NodeIdentifier source) {
            if (!done && joinRunning && !takeOver.isDone()) {
                // a joiner that the master had not welcomed yet when it ended the run: the run is over, not failed
                done = true;
                stopRecovery();
                finished.complete(null);
                return;
            }
            if (!done) {
                fail(null, "the pool was terminated by " + (source == null ? "?" : source.location())
                        + " before the run ended (a failure there)");
            }
        }

        @Override
        public void registryLost(Throwable cause) {
            if (!done) {
                fail(cause, recovery == null ? "lost the registry" : "lost the registry for longer than the detection "
                        + "time, so the pool has declared this node dead and recovers its work: it stops here and sends "
                        + "nothing more to the run (fenced; it may join again as a new node with --join)",
                        recovery != null);
            }
        }
    }

    /**
     * The master died after {@code main} returned, this node knows its DONE (handled it, or learned it by asking:
     * {@link #learnedDone}) and is now the node that reports the run (the live node ranking first): tells every other
     * live node, since the master may have died before its DONE reached them all. Only this one node forwards (the
     * others that saw DONE just answer its questions), so the nodes without DONE end once, from one sender. Sent from
     * the thread that ran the node (no upcall thread: a send may wait for credit).
     */
    private void forwardDone(int deadMaster) {
        RemoteStealing remote = stealing;
        long mainNanos = mainNanosAtDone;
        int self = selfIndex;
        log.info("{}: the master ({}) died after main returned: telling the others the run is over", who(),
                location(deadMaster));
        for (int i : membership.victims()) {
            if (i != self && i != deadMaster) {
                try {
                    remote.sendIfAlive(i, new Message.Done(self, deadMaster, mainNanos)); // names who ran main
                } catch (IOException e) {
                    log.debug("{}: cannot forward DONE to node {}: {}", who(), i, e.getMessage());
                }
            }
        }
    }

    private void fail(Throwable cause, String what) {
        fail(cause, what, false);
    }

    /** @param fenced whether the pool declared this node dead and goes on without it ({@link NodeFailure#fenced}) */
    private void fail(Throwable cause, String what, boolean fenced) {
        String message = who() + ": " + what + (cause == null ? "" : ": " + cause);
        if (finished.completeExceptionally(new NodeFailure(message, cause, fenced))) {
            log.debug("run failed: {}", message, cause);
        }
        warmups.release(WAKE_WARM_UP); // a warm-up still waiting sees the failure at once
        synchronized (reports) {
            reports.notifyAll();
        }
    }

    /** What ended the run; called once {@link #finished} failed, and never waits. */
    private NodeFailure failure() {
        try {
            finished.getNow(null);
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof NodeFailure f) {
                return f;
            }
            return new NodeFailure(who() + ": " + e.getCause(), e.getCause());
        } catch (java.util.concurrent.CancellationException e) {
            return new NodeFailure(who() + ": cancelled", e);
        }
        return new NodeFailure(who() + ": failed (the run had not ended)", null);
    }

    /**
     * After a failure a worker may wait forever in a sync for a job lost with another node: then the runtime is
     * stopped in the background (its workers are daemon threads) instead of waiting for that worker here.
     */
    private void closeRuntime(SatinRuntime runtime) {
        if (finished.isCompletedExceptionally()) {
            Thread closer = new Thread(runtime::close, options.nodeName() + "-close");
            closer.setDaemon(true);
            closer.start();
        } else {
            runtime.close();
        }
    }

    /** This node's number and every member's location by number, for programs that ask (PoolInfo). */
    private satin.runtime.spawn.PoolPlace place(int self) {
        List<Integer> numbers = membership.numbers();
        int last = numbers.isEmpty() ? self : Math.max(self, numbers.get(numbers.size() - 1));
        List<String> locations = new ArrayList<>();
        for (int i = 0; i <= last; i++) {
            NodeIdentifier id = membership.get(i);
            locations.add(id == null ? "" : id.location().toString());
        }
        return new satin.runtime.spawn.PoolPlace(self, locations);
    }

    private static void terminateQuietly(Node node) {
        try {
            node.registry().terminate();
        } catch (IOException | RuntimeException e) {
            // the others find out through the died/left events instead
        }
    }

    // ---- helpers ----

    private String who() {
        return "node " + options.location();
    }

    private IplConfig iplConfig(List<String> classes) {
        IplConfig.Builder b = IplConfig.builder()
                .set(IplProperties.REGISTRY_ADDRESS, options.registry())
                .set(IplProperties.POOL_NAME, options.poolName())
                .set(IplProperties.POOL_SIZE, options.poolSize())
                .set(IplProperties.LOCATION, options.location())
                .set(IplProperties.SERIALIZATION_CLASSES, String.join(",", classes))
                .set(IplProperties.HEARTBEAT_TIMEOUT_MS, options.detectionMillis())
                .set(IplProperties.POOL_MALLEABLE, Boolean.toString(options.faultTolerant()))
                .set(IplProperties.POOL_JOIN_RUNNING, Boolean.toString(joinRunning))
                .set(IplProperties.HEARTBEAT_INTERVAL_MS, Math.max(25, Math.min(1000, options.detectionMillis() / 4)));
        iplSettings.forEach(b::set);
        if (!options.wan().isEmpty()) {
            b.set(IplProperties.IMPLEMENTATION, "wan").set("ipl.wan.topology", options.wan());
            if (!options.transport().isEmpty()) {
                b.set("ipl.wan.inner", options.transport());
            }
        } else if (!options.transport().isEmpty()) {
            b.set(IplProperties.IMPLEMENTATION, options.transport());
        }
        return b.build();
    }

    /**
     * A message to {@code peer} could not be written (on that peer's writer thread; {@link Peers}): with fault
     * tolerance an observation of the peer for the pool view, and its recovery; without, the end of the run, unless
     * the message was the RESULT of an aborted job, which nobody waits for (its owner's run may be over, its port
     * closed, before the job noticed the abort).
     */
    private void linkBroken(CrashRecovery crashes, int peer, Message message, java.io.IOException cause) {
        if (crashes != null) {
            crashes.linkBroken(peer, cause);
        } else if (message instanceof Message.Result r
                && r.outcome() instanceof satin.runtime.node.wire.Outcome.Aborted) {
            log.debug("{}: the result of an aborted job did not reach node {}: {}", who(), peer, cause.getMessage());
        } else if (!done) {
            fail(cause, "sending to node " + peer);
        }
    }

    /** CPU time of this whole JVM so far (all threads), or 0 where the platform does not tell. */
    private static long cpuNow() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
