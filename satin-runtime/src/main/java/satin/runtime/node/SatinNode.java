package satin.runtime.node;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.balance.VictimSelector;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PoolCapability;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.start.Ipl;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.node.classes.SerializationClasses;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.report.NodeProgress;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;
import satin.runtime.node.shared.SharedReferences;
import satin.runtime.node.shared.SharedReplication;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.timeline.Timeline;
import satin.runtime.timeline.Track;
import satin.runtime.node.steal.UnshippableJobs;

/**
 * One node (JVM) of a multi-node Satin run, from joining the pool to leaving it: the wiring of its parts, and the
 * node's own thread's path through the run's phases ({@link RunPhase}).
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
 *       prints them and terminates the pool; then every node leaves ({@link EndOfRun}, {@link RunStatistics}).</li>
 * </ol>
 * With fault tolerance, a node that dies is survived ({@link CrashRecovery}), the master too: the live node whose
 * location sorts first takes over and runs {@code main} again in lookup mode, reusing salvaged results (then it is the
 * master: it sends DONE, collects the statistics and ends the pool). Otherwise a failure anywhere (a node that dies or
 * leaves before DONE, the registry lost, a peer that does not answer within the timeout, a message that cannot be
 * read) ends this node's run with a {@link NodeFailure} naming the node and the cause; the master then terminates the
 * pool so the others fail fast too.
 *
 * <h2>Graceful leave</h2>
 * {@link #leave()} (a SIGTERM handler, a test) makes a non-master node leave without losing anything: see
 * {@link GracefulLeave}.
 *
 * <h2>Waits</h2>
 * Every wait for another node is bounded by the run's timeout: joining, connecting, the warm-up, steal replies,
 * the statistics, the pool's end. One wait has no bound, by nature: the wait for the end of the run (the master's
 * {@code main} runs as long as the program does). It ends with DONE, with any failure (a node that dies or leaves,
 * a lost registry, a message that cannot be handled: each completes the run's {@code finished}), or with an interrupt
 * of the thread running the node, which ends the node's run with a failure. No step of the protocol loop waits (see
 * the package overview); a failure never waits. A held steal request ({@link #emulatedCosts}) waits on a timer.
 */
public final class SatinNode {

    private static final Logger log = LoggerFactory.getLogger(SatinNode.class);

    static final PortType PORT_TYPE = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.UPCALLS, PortCapability.SERIALIZATION_OBJECT);

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
    /** Null unless this node records a timeline ({@code satin run --trace}). */
    private final Timeline timeline;
    /** The run's Kryo registration list when a launcher computed it once for all nodes, else null. */
    private final List<String> givenClasses;
    /** Shared objects in messages: references to this node's replicas (in the IPL's Kryo instances of this node). */
    private final SharedReferences references = new SharedReferences();

    // settings (call before run)
    private volatile boolean joinRunning;
    private volatile boolean retryStealsAtOnce;
    private volatile EmulatedCosts emulatedCosts = EmulatedCosts.NONE;
    private volatile satin.ipl.NetworkCut networkCut;
    private volatile Runnable afterFirstDone;

    /** This node's run and the parts that outlive a failed start (the progress getters read them at any time). */
    private final NodeRun run;
    private final WarmUp warmUp;
    private final RunStatistics statistics;
    private final EndOfRun end;

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
        this.run = new NodeRun(options);
        this.warmUp = new WarmUp(run);
        this.statistics = new RunStatistics(run);
        this.end = new EndOfRun(run);
        // a failure releases every wait that it ends: the warm-up, the collection of the statistics
        run.whenFailed(warmUp::wake);
        run.whenFailed(statistics::wake);
    }

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

    /**
     * Emulation setting ({@code satin experiment}): after a steal request's reply brought no job, the idle worker sends
     * the next request at once instead of backing off (spins, yields, then parks of up to 2 ms), as the paper's idle
     * loop does. Off by default: a real node on a shared machine keeps its backoff. Call before {@link #run}.
     */
    public SatinNode retryStealsAtOnce() {
        retryStealsAtOnce = true;
        return this;
    }

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
        NodeRun.Started s = run.started();
        if (s == null) {
            return 0;
        }
        long n = 0;
        for (var w : s.runtime().pool().statistics()) {
            n += w.jobsExecuted();
        }
        return n;
    }

    /**
     * How many of this node's jobs other nodes hold now ({@link RemoteStealing#exportedCount}: reply written, result
     * not back), read while the run goes on: 0 before its runtime starts. Were this node to die now, these jobs would
     * be orphans (fault injection uses it to crash a node while others hold work stolen from it).
     */
    public int jobsWithThieves() {
        NodeRun.Wired parts = run.wired();
        return parts == null ? 0 : parts.remote().exportedCount();
    }

    /**
     * What this node has done so far ({@link NodeProgress#NONE} before its runtime starts), for a progress line: read
     * while the run goes on, from counters its workers and stealing layer keep anyway.
     */
    public NodeProgress progress() {
        NodeRun r = run;
        NodeRun.Started s = r.started();
        NodeRun.Wired parts = r.wired();
        if (s == null || parts == null) {
            return NodeProgress.NONE;
        }
        RemoteStealing remote = parts.remote();
        return NodeProgress.of(s.runtime().pool().statistics(), remote.intraSuccesses.sum(),
                remote.interSuccesses.sum());
    }

    /**
     * Asks this node to leave the run gracefully (see the class comment); returns at once. The future completes when
     * the node's run has ended here (left, or the run ended otherwise first). A node without fault tolerance cannot
     * leave without failing the run: then the future fails at once and nothing happens.
     */
    public CompletableFuture<Void> leave() {
        NodeRun r = run;
        if (!options.faultTolerant()) {
            return CompletableFuture.failedFuture(new IllegalStateException(r.who() + ": a graceful leave needs fault "
                    + "tolerance (the other nodes would take the leave for a failure)"));
        }
        int self = r.self();
        if (self >= 0 && r.membership.master() == self && !r.ended.isDone()) {
            return CompletableFuture.failedFuture(new IllegalStateException(r.who() + " runs main (the master) and "
                    + "cannot leave"));
        }
        r.leaveRequested.complete(null);
        return r.ended.copy();
    }

    /**
     * This node's statistics so far, as the report it sends at the end would give them now, or null before its runtime
     * starts: read while the run goes on, from the same counters (the workers' statistics, as {@link #progress()} reads
     * them; the stealing layer's {@code LongAdder}s; the IPL node's traffic snapshot). Lets a caller count a part of a
     * run only (satin experiment: the measured tree without the warm-up before it).
     */
    public NodeReport reportSoFar() {
        NodeRun r = run;
        NodeRun.Started s = r.started();
        NodeRun.Wired parts = r.wired();
        if (s == null || parts == null) {
            return null;
        }
        return statistics.reportNow(parts.node(), parts.remote(), s.runtime(), s.startNanos(), s.cpuAtStart());
    }

    /** {@link System#nanoTime()} when this node's runtime started (the run's clock here), or 0 before. */
    public long startedNanos() {
        NodeRun.Started s = run.started();
        return s == null ? 0 : s.startNanos();
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
        return end.endRunAtExit(boundMillis);
    }

    /**
     * Takes part in the run of {@code mainClass.main(args)}; returns once the run is over at this node.
     *
     * @throws NodeFailure if the run failed at this node or another one
     */
    public Outcome run(Class<?> mainClass, String[] args, String classpath) throws NodeFailure {
        NodeRun r = run;
        if (!r.start(joinRunning)) {
            throw new IllegalStateException(r.who() + ": a node runs once");
        }
        end.afterFirstDone(afterFirstDone);
        ClassLoader programLoader = mainClass.getClassLoader();
        List<String> classes;
        try {
            classes = givenClasses != null ? givenClasses
                    : SerializationClasses.forProgram(mainClass, classpath, programLoader, options.register());
        } catch (RuntimeException e) {
            throw new NodeFailure(r.who() + ": cannot compute the serialization classes: " + e.getMessage(), e);
        }
        Welcomes welcomes = new Welcomes(r, end);
        GracefulLeave leaving = new GracefulLeave(r, statistics);
        Codec codec = new Codec(programLoader, references);
        Dispatcher dispatcher = new Dispatcher(r, codec, warmUp, welcomes, end, statistics, leaving);
        r.whenLost(() -> {
            end.wake(); // a node asked about DONE will not answer
            statistics.wake(); // the master waits for the statistics of live nodes only
            leaving.wake();
        });
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        current.setContextClassLoader(programLoader);
        Node node;
        try {
            node = Ipl.node(IplSetup.config(options, joinRunning, iplSettings, classes)).portTypes(PORT_TYPE).networkCut(networkCut).objectReferences(references)
                    .poolCapabilities(PoolCapability.CLOSED_WORLD,
                            PoolCapability.MEMBERSHIP_EVENTS)
                    .eventHandler(new RegistryEvents(r, welcomes, r::lost)).start();
        } catch (IOException | RuntimeException e) {
            throw new NodeFailure(r.who() + ": cannot join the pool at " + options.registry() + ": " + e.getMessage(),
                    e);
        } finally {
            current.setContextClassLoader(previous);
        }
        try (node) {
            return runIn(r, node, codec, dispatcher, welcomes, new Roles(r, end, statistics, leaving), programLoader,
                    mainClass, args);
        } catch (IOException e) {
            throw new NodeFailure(r.who() + ": " + e.getMessage(), e);
        } finally {
            r.loop.close();
            r.ended.complete(null);
        }
    }

    private Outcome runIn(NodeRun r, Node node, Codec codec, Dispatcher dispatcher, Welcomes welcomes, Roles roles,
            ClassLoader programLoader, Class<?> mainClass, String[] args) throws NodeFailure, IOException {
        ClosedLinks closedLinks = new ClosedLinks(r, node);
        ReceivePort inbox = node.createReceivePort(PORT_TYPE, Peers.RECEIVE_PORT, new NodeInbox(dispatcher::dispatch),
                closedLinks);
        try (closedLinks; inbox) {
            if (!node.registry().waitUntilPoolClosed(options.timeoutMillis())) {
                throw new NodeFailure(r.who() + (r.joinRunning() ? ": pool '" + options.poolName()
                        + "' did not start within " + options.timeoutMillis() + " ms"
                        : ": only " + node.registry().poolSize() + " of " + options.poolSize()
                        + " nodes joined pool '" + options.poolName() + "' within " + options.timeoutMillis() + " ms"),
                        null);
            }
            PoolView membership = r.membership;
            int initial = node.registry().joinedBeforeClose();
            List<NodeIdentifier> known = node.registry().members();
            int self = r.poolClosed(initial, known, node.identifier());
            boolean joiner = membership.isJoiner(self);
            Track messages = timeline == null ? null : dispatcher.recordInto(timeline, self);
            int master = membership.master();
            List<Integer> first = r.firstPeers();
            try (Peers peers = new Peers(node, PORT_TYPE, membership::get, options.timeoutMillis(), messages, codec)) {
                // a node that dies before main starts fails this node's run at once (no recovery exists yet): stop
                // connecting to it then, rather than for the whole timeout, and report that death as the cause
                peers.gone(n -> r.finished.isCompletedExceptionally());
                try {
                    peers.connectAll(self, first);
                } catch (IOException e) {
                    if (r.finished.isCompletedExceptionally()) {
                        throw r.failure();
                    }
                    throw e;
                }
                // Published before this node's first WARMUP: see Dispatcher.
                SalvagedResults salvaged = null;
                CrashRecovery crashes = null;
                if (options.faultTolerant()) {
                    salvaged = new SalvagedResults(options.reuseResults());
                    crashes = new CrashRecovery(self, membership, salvaged, Math.min(options.timeoutMillis(),
                            EndOfRun.ROUND_MILLIS), r.takeOver::complete, System::nanoTime, r.loop);
                }
                CrashRecovery recovering = crashes;
                peers.onBroken((peer, message, cause) -> r.linkBroken(recovering, peer, message, cause));
                peers.gone(n -> recovering != null && recovering.isDead(n));
                RemoteStealing remote = new RemoteStealing(self, n -> {
                            NodeIdentifier id = membership.get(n);
                            return id != null && !id.sameCluster(node.identifier());
                        }, peers, options.timeoutMillis(),
                        t -> r.fail(t, "stealing"), new UnshippableJobs(r.who(), programLoader),
                        timeline == null ? null : timeline.track("steals"), crashes, r.phase);
                SharedReplication replication = new SharedReplication(self, master,
                        initial >= 0 ? initial : known.size(),
                        remote::sendIfAlive, options.timeoutMillis(), programLoader, t -> r.fail(t, "shared objects"),
                        options.nodeName());
                if (joiner) {
                    replication.awaitSnapshot(); // before its first steal request: see SharedReferences
                }
                references.attach(replication);
                remote.share(references);
                if (retryStealsAtOnce) {
                    remote.retryAtOnce();
                }
                remote.emulate(emulatedCosts, options.nodeName());
                remote.confine(r.loop);
                if (crashes != null) {
                    crashes.attach(remote);
                    crashes.names(r::location);
                }
                r.wired(new NodeRun.Wired(node, peers, remote, replication, crashes, salvaged));
                if (joiner && master != self) {
                    // the master sends the replicas as they are now, then every later update (SharedReplication)
                    remote.sendIfAlive(master, new Message.SharedJoin(self));
                }
                if (!joiner) {
                    warmUp.warmUp(peers, self, first);
                    r.onLoop(() -> first.forEach(membership::ready));
                }
                long start = System.nanoTime();
                long cpuAtStart = RunStatistics.cpuNow();
                SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName(options.nodeName())
                        .withWorkers(options.workers()).withInlineThreshold(options.inlineThreshold())
                        .withExternalWork(new GuardedWork(remote, replication, r::place,
                                on -> PauseSignals.balancing(r, on)))
                        .withTimeline(timeline)
                        .withSalvagedResults(salvaged));
                VictimSelector victims = new MemberVictims(membership, self, new Random(31L * self + System.nanoTime()));
                remote.attach(options.algorithm().create(crashes == null ? victims
                        : new LiveVictims(victims, crashes::isDead), remote::request), runtime.pool());
                runtime.pool().setContextClassLoader(programLoader);
                r.started(new NodeRun.Started(runtime, start, cpuAtStart));
                welcomes.start();
                if (joiner) {
                    log.info("{}: joined the running pool as node {}; stealing from the nodes that welcome it",
                            r.who(), self);
                }
                try {
                    log.debug("{}: node {} of {}, master {}", r.who(), self, membership.numbers().size(), master);
                    return self == master ? roles.runMaster(mainClass, args, false) : roles.runWorker(mainClass, args);
                } finally {
                    remote.stop();
                    remote.closeLateAnswers();
                    replication.close();
                    if (crashes != null) {
                        crashes.stop();
                    }
                    roles.closeRuntime(runtime);
                }
            }
        }
    }

}
