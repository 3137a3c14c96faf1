package satin.runtime.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.runtime.SatinRuntime;
import satin.runtime.node.life.Phase;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.loop.ProtocolLoop;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.shared.SharedReplication;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.PoolPlace;

/**
 * One node's run as its parts share it ({@link SatinNode} wires them): the settings, the pool view, the run's
 * {@link Phase}, the events that end its waits, and the parts that exist only once the node is connected
 * ({@link Wired}, published in one step before this node's first WARMUP) and once its runtime runs
 * ({@link Started}). Instead of a field per part that is null until some moment, a reader sees either nothing or all
 * of one step. Threads: any; the futures and the two references are the only shared state here.
 */
final class NodeRun {

    private static final Logger log = LoggerFactory.getLogger(NodeRun.class);

    /** The parts of a connected node, all at once; {@code recovery} and {@code salvaged} null without fault tolerance. */
    record Wired(Node node, Peers peers, RemoteStealing remote, SharedReplication shared, CrashRecovery recovery,
            SalvagedResults salvaged) {
    }

    /** The runtime once it runs, and the run's clock here: its start and this JVM's CPU time then. */
    record Started(SatinRuntime runtime, long startNanos, long cpuAtStart) {
    }

    final NodeOptions options;
    /** Whether the registry is gone now, and what that changes (see there). */
    final RegistryOutage outage;
    final PoolView membership = new PoolView();
    /** The one owner of the node's protocol state (see the package overview); started with the run. */
    final ProtocolLoop loop;
    final Phase phase = new Phase();
    /** Completes with the end of the run here: DONE (normally), or any failure (exceptionally). */
    final CompletableFuture<Void> finished = new CompletableFuture<>();
    /** Completed with the old master's number when this node must run main again (see CrashRecovery). */
    final CompletableFuture<Integer> takeOver = new CompletableFuture<>();
    /** Completed by {@link SatinNode#leave()}. */
    final CompletableFuture<Void> leaveRequested = new CompletableFuture<>();
    /** Completed when the node's run has returned or thrown: the node is out of the pool. */
    final CompletableFuture<Void> ended = new CompletableFuture<>();
    /** Whether this node joins a running pool: a setting, fixed when the run starts ({@link #start}). */
    private volatile boolean joinRunning;
    /** This node's number (its pool id), set once the pool closed (before any message is handled). */
    private volatile int self = -1;
    private volatile Wired wired;
    private volatile Started started;
    /** Told of every failure at once, so that a wait for something the failure ends returns now (the warm-up). */
    private final List<Runnable> onFailure = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Told of every member gone, so that waits for one that will not answer return now (DONE, statistics, leave). */
    private final List<Runnable> onLoss = new java.util.concurrent.CopyOnWriteArrayList<>();

    NodeRun(NodeOptions options) {
        this.options = options;
        this.outage = new RegistryOutage(who());
        this.loop = new ProtocolLoop(options.nodeName() + "-protocol", t -> fail(t, "a step of the protocol loop"));
        membership.ownedBy(loop::owns);
    }

    /**
     * Runs {@code step} on the protocol loop and waits for it (bounded by the run's timeout): the node's own thread,
     * while it sets up, steps the state the loop owns. An interrupt fails the run.
     */
    void onLoop(Runnable step) throws SatinNode.NodeFailure {
        try {
            loop.call(step, options.timeoutMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e, "interrupted while setting up");
            throw failure();
        } catch (IllegalStateException e) {
            fail(e, "setting up");
            throw failure();
        }
    }

    /** {@code wake} runs on every failure, on the failing thread; it must not wait. */
    void whenFailed(Runnable wake) {
        onFailure.add(wake);
    }

    /** {@code wake} runs each time a member is gone here, on the thread that learned it; it must not wait. */
    void whenLost(Runnable wake) {
        onLoss.add(wake);
    }

    /** A member is gone here (the registry said so, or a link's evidence): the waits for it return. */
    void lost() {
        onLoss.forEach(Runnable::run);
    }

    /**
     * Reports {@code observation} of member {@code member} to crash recovery, whose downing rule decides; once the
     * member is gone here, the waits for it return. Without fault tolerance nothing (a send to it ends the run).
     */
    void observed(int member, Observation observation) {
        assert loop.owns();
        CrashRecovery crashes = recovery();
        if (crashes != null) {
            crashes.nodeGone(member, observation);
            if (membership.isGone(member)) {
                lost();
            }
        }
    }

    /** The run starts (NEW → STARTING), joining a running pool or not; false if it started before. */
    boolean start(boolean joinsRunningPool) {
        joinRunning = joinsRunningPool;
        return phase.moveTo(RunPhase.STARTING);
    }

    boolean joinRunning() {
        return joinRunning;
    }

    int self() {
        return self;
    }

    /** The pool closed: learns its members and this node's number (before any message is handled); returns it. */
    int poolClosed(int initial, List<NodeIdentifier> known, NodeIdentifier me) throws SatinNode.NodeFailure {
        loop.start(); // what was posted before (registry events, messages) runs first, in order
        onLoop(() -> {
            membership.closedWith(initial >= 0 ? initial : Integer.MAX_VALUE);
            known.forEach(membership::learn);
            membership.learn(me);
        });
        int number = PoolView.numberOf(me);
        self = number;
        return number;
    }

    /** The members this node connects to first: the initial members know each other, a joiner those before it. */
    List<Integer> firstPeers() {
        int me = self;
        boolean joiner = membership.isJoiner(me);
        List<Integer> first = new ArrayList<>();
        for (int n : membership.numbers()) {
            if (n != me && (joiner ? n < me : !membership.isJoiner(n))) {
                first.add(n);
            }
        }
        return first;
    }

    /** The connected node's parts, or null before. */
    Wired wired() {
        return wired;
    }

    void wired(Wired parts) {
        wired = parts;
    }

    /** The runtime and the run's clock, or null before the runtime starts. */
    Started started() {
        return started;
    }

    void started(Started s) {
        started = s;
    }

    /** Crash recovery, or null (before the node is connected, or in a run that does not survive crashes). */
    CrashRecovery recovery() {
        Wired w = wired;
        return w == null ? null : w.recovery();
    }

    /** Whether node {@code n} is known dead (never, without fault tolerance). */
    boolean isDead(int n) {
        CrashRecovery crashes = recovery();
        return crashes != null && crashes.isDead(n);
    }

    void stopRecovery() {
        CrashRecovery crashes = recovery();
        if (crashes != null) {
            crashes.stop();
        }
    }

    /** Sends {@code message} to {@code peer} unless it is gone (with fault tolerance); false when it is. */
    boolean sendIfAlive(int peer, Message message) throws IOException {
        return wired.remote().sendIfAlive(peer, message);
    }

    String who() {
        return "node " + options.location();
    }

    /** The location of node {@code number}, as far as this node knows it. */
    String location(int number) {
        NodeIdentifier id = membership.get(number);
        return id == null ? "node #" + number : id.location().toString();
    }

    void fail(Throwable cause, String what) {
        fail(cause, what, false);
    }

    /** @param fenced whether the pool declared this node dead and goes on without it ({@link SatinNode.NodeFailure#fenced}) */
    void fail(Throwable cause, String what, boolean fenced) {
        String message = who() + ": " + what + (cause == null ? "" : ": " + cause);
        if (finished.completeExceptionally(new SatinNode.NodeFailure(message, cause, fenced))) {
            log.debug("run failed: {}", message, cause);
        }
        onFailure.forEach(Runnable::run);
    }

    /** What ended the run; called once {@link #finished} failed, and never waits. */
    SatinNode.NodeFailure failure() {
        try {
            finished.getNow(null);
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof SatinNode.NodeFailure f) {
                return f;
            }
            return new SatinNode.NodeFailure(who() + ": " + e.getCause(), e.getCause());
        } catch (java.util.concurrent.CancellationException e) {
            return new SatinNode.NodeFailure(who() + ": cancelled", e);
        }
        return new SatinNode.NodeFailure(who() + ": failed (the run had not ended)", null);
    }

    /** Waits until one of {@code events} completes (each wait's bound is its caller's); an interrupt fails the run. */
    void awaitAny(CompletableFuture<?>... events) throws SatinNode.NodeFailure {
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
     * A message to {@code peer} could not be written (on that peer's writer thread; {@link Peers}): with fault
     * tolerance an observation of the peer for the pool view, and its recovery (posted to the loop); without, the end of the run, unless
     * the message was the RESULT of an aborted job, which nobody waits for (its owner's run may be over, its port
     * closed, before the job noticed the abort).
     */
    void linkBroken(CrashRecovery crashes, int peer, Message message, IOException cause) {
        if (crashes != null) {
            loop.post(() -> {
                crashes.linkBroken(peer, cause);
                lost();
            });
        } else if (message instanceof Message.Result r && r.outcome() instanceof Outcome.Aborted) {
            log.debug("{}: the result of an aborted job did not reach node {}: {}", who(), peer, cause.getMessage());
        } else if (!phase.isOver()) {
            fail(cause, "sending to node " + peer);
        }
    }

    /** This node's number and every member's location by number, for programs that ask (PoolInfo). */
    PoolPlace place() {
        int self = this.self;
        List<Integer> numbers = membership.numbers();
        int last = numbers.isEmpty() ? self : Math.max(self, numbers.get(numbers.size() - 1));
        List<String> locations = new ArrayList<>();
        for (int i = 0; i <= last; i++) {
            NodeIdentifier id = membership.get(i);
            locations.add(id == null ? "" : id.location().toString());
        }
        return new PoolPlace(self, locations);
    }

    static void terminateQuietly(Node node) {
        try {
            node.registry().terminate();
        } catch (IOException | RuntimeException e) {
            // the others find out through the died/left events instead
        }
    }
}
