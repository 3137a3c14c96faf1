package satin.runtime.node.sim;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import satin.balance.BalancePolicies;
import satin.runtime.node.RemoteStealing;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.steal.UnshippableJobs;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.SalvagedLookup;
import satin.runtime.spawn.WorkerPool;

/**
 * One simulated node. Real: its {@link PoolView}, {@link CrashRecovery}, {@link SalvagedResults}, its stealing between
 * nodes ({@link RemoteStealing}, the node's own wiring of the thief, the victim and the steal ledger, with the RS or
 * CRS policy), and every message it sends or reads (through the real codec, {@link SimWire}). The harness's own: one
 * worker that runs the tree as continuations (a job spawns its children onto its deque and completes when they have:
 * no call stack), seen by the stealing as its {@link SimPool}; the graceful leave and a joiner's welcome as
 * {@code SatinNode} does them.
 */
final class SimNode {

    /** How long an idle worker backs off between two polls that found nothing. */
    private static final long IDLE_NANOS = 300_000L;

    final int number;
    private final World world;
    final PoolView view = new PoolView();
    final SalvagedResults salvaged = new SalvagedResults();
    final CrashRecovery recovery;
    final RemoteStealing stealing;
    /** Whether the worker's last poll left it waiting for a steal reply (the reply, or the victim's loss, wakes it). */
    private boolean awaitingReply;
    /** The synchronous steal requests sent and not answered: request id to victim (the world's check of waits). */
    private final Map<Long, Integer> unanswered = new HashMap<>();
    /** Every job this node shipped, by job id: for {@link Mutation#LATE_RESULT_COMPLETES} only. */
    private final Map<Long, SumJob> shipped = new HashMap<>();

    private final ArrayDeque<SumJob> deque = new ArrayDeque<>();
    private final ArrayDeque<SumJob> requeued = new ArrayDeque<>();
    private final Set<Integer> broken = new HashSet<>();

    private boolean dead;
    private boolean left;
    private boolean stopped;
    private final SimLeave leave;
    private boolean busy;
    /** When the worker's next look for work is due (-1: none is), and which one it is. */
    private long stepAt = -1;
    private long steps;
    private long frozenUntil;
    private final List<Runnable> deferred = new ArrayList<>();
    private SumJob root;
    /** A main to run (the master's, or a new master's again), before anything else. */
    private SumJob mainToRun;
    /** Messages from this node still in flight when it died are lost (true) or still arrive. */
    private boolean loseInFlight;

    SimNode(World world, int number, int cluster) {
        this.world = world;
        this.number = number;
        this.recovery = new CrashRecovery(number, view, salvaged, Scenario.ROUND_MILLIS, this::takeOver, world::now);
        int clusters = world.scenario.clusters();
        this.stealing = new RemoteStealing(number, n -> n % clusters != cluster, this::transmit,
                Scenario.STEAL_TIMEOUT / Scenario.MS, t -> violation("stealing failed: " + t),
                new UnshippableJobs("node " + number, SimNode.class.getClassLoader()), null, recovery, world::now);
        recovery.attach(stealing);
        BalancePolicies kind = clusters > 1 ? BalancePolicies.CRS : BalancePolicies.RS;
        stealing.attach(kind.create(new SimVictims(view, number, clusters, world.randomFor(number)),
                stealing::request), new SimPool(this, salvaged));
        this.leave = new SimLeave(this, world);
    }

    // ---- the pool ----

    /** What this node still holds or waits for: the diagnosis of a run that did not end. */
    String describe() {
        return "[node " + number + (dead ? " dead" : left ? " left" : "") + (leave.leaving() ? " leaving" : "")
                + ": master " + view.master() + ", exported " + stealing.exportedCount()
                + (stealing.holdsNothing() ? ", holds nothing" : ", holds jobs")
                + (awaitingReply ? ", awaits a reply" : "") + ", queued " + deque.size() + ", requeued "
                + requeued.size() + ", root " + (root == null ? "-" : root.pending + " pending") + "] ";
    }

    boolean isDead() {
        return dead;
    }

    boolean gone() {
        return dead || left;
    }

    /** Runs {@code action} as this node: not at all when it is gone, after its thaw when it is frozen. */
    void on(Runnable action) {
        if (gone()) {
            return;
        }
        if (frozenUntil > world.now() || !deferred.isEmpty()) {
            deferred.add(action);
            return;
        }
        action.run();
    }

    void freeze(long until) {
        if (until > frozenUntil) {
            frozenUntil = until;
            world.at(until, this::thaw);
        }
    }

    private void thaw() {
        if (frozenUntil > world.now() || gone()) {
            return;
        }
        List<Runnable> todo = new ArrayList<>(deferred);
        deferred.clear();
        todo.forEach(this::on);
    }

    void die(boolean loseInFlight) {
        dead = true;
        this.loseInFlight = loseInFlight;
    }

    boolean brokenTo(int peer) {
        return broken.contains(peer);
    }

    void breakLink(int peer) {
        broken.add(peer);
    }

    void start() {
        if (view.master() == number) {
            root = new SumJob(world.scenario.depth(), 0, null);
            mainToRun = root;
        }
        wake();
    }

    // ---- the registry's events ----

    void registryDied(int peer) {
        world.trace(number, () -> "registry: " + peer + " died");
        recovery.nodeGone(peer, new Observation.RegistryDied());
        leave.check();
        wake(); // a steal request to it ended as "no job" (the real thief unparks its waiting worker)
    }

    void registryLeft(int peer) {
        world.trace(number, () -> "registry: " + peer + " left");
        recovery.nodeGone(peer, new Observation.RegistryLeft());
        leave.check();
        wake();
    }

    /** The registry's joined event: learn the joiner, welcome it (WARMUP), and make it a victim. */
    void joined(int joiner) {
        view.learn(joiner, null);
        if (send(joiner, new Message.Warmup(number))) {
            view.ready(joiner);
        }
    }

    /** {@link CrashRecovery.Succession}: this node is the master now and runs main again, in lookup mode. */
    private void takeOver(int oldMaster) {
        world.trace(number, () -> "takes over from " + oldMaster);
        leave.givenUp();
        stopped = false;
        stealing.resume();
        root = new SumJob(world.scenario.depth(), 0, null);
        WorkerPool.markReExecution(root);
        mainToRun = root;
        wake();
    }

    // ---- the worker ----

    /**
     * Makes the worker look for work now, once however often called before it does; a backoff in progress is cut
     * short (as {@code WorkerPool.externalWorkArrived} unparks a parked worker).
     */
    void wake() {
        if (!busy && stepAt != world.now()) {
            schedule(world.now());
        }
    }

    /** The worker looks again after {@code nanos} of backoff, unless woken before. */
    private void wakeAfter(long nanos) {
        if (!busy && stepAt < 0) {
            schedule(world.now() + nanos);
        }
    }

    private void schedule(long at) {
        stepAt = at;
        long generation = ++steps;
        world.at(at, () -> on(() -> step(generation)));
    }

    private void step(long generation) {
        if (generation != steps || busy) {
            return; // superseded by an earlier wake-up
        }
        stepAt = -1;
        SumJob job = mainToRun;
        mainToRun = null;
        if (job == null) {
            job = deque.pollLast();
        }
        if (job == null) {
            job = requeued.pollFirst();
        }
        if (job != null) {
            run(job);
        } else {
            idle();
        }
    }

    private void run(SumJob job) {
        world.trace(number, () -> "runs " + job);
        busy = true;
        long cost = job.depth == 0 ? world.scenario.leafNanos() : world.scenario.spawnNanos();
        world.at(world.now() + cost, () -> on(() -> {
            busy = false;
            ran(job);
            wake();
        }));
    }

    /** A job ran its step: a leaf completes, an inner job spawns its children (looking them up when re-executing). */
    private void ran(SumJob job) {
        if (job.depth == 0) {
            complete(job, SumJob.leafValue(job.index));
            return;
        }
        job.pending = 2;
        boolean lookup = WorkerPool.isReExecution(job);
        for (int i = 0; i < 2; i++) {
            SumJob child = new SumJob(job.depth - 1, 2 * job.index + i, job);
            if (lookup) {
                WorkerPool.markReExecution(child);
            }
            if (lookup && salvaged.active()) {
                SalvagedLookup.Known known = salvaged.claim(salvaged.identity(child), child);
                if (known == SalvagedLookup.PENDING) {
                    continue; // completed by the table (completeSalvaged) or handed back to run (takeBack)
                }
                if (known != null) {
                    complete(child, (Long) known.result());
                    continue;
                }
            }
            deque.addLast(child);
        }
    }

    /** A record of this node completes: its parent's sync gets it, or its origin, or main ends. */
    void complete(SumJob job, long value) {
        job.completions++;
        if (job.completions > 1) {
            world.violation("node " + number + ": " + job + " completed twice: a result reached its sync twice");
            return;
        }
        job.result = value;
        if (job.foreign) {
            stealing.finished(job, null);
        } else if (job.parent != null) {
            SumJob parent = job.parent;
            parent.sum += value;
            if (--parent.pending == 0) {
                complete(parent, parent.sum);
            }
        } else if (job == root) {
            world.answer(number, value);
            stop();
            for (int peer : view.victims()) {
                if (peer != number) {
                    send(peer, new Message.Done(number, number, world.now()));
                }
            }
        } else {
            world.violation("node " + number + ": " + job + " completed, but nobody waits for it");
        }
    }

    /**
     * An idle worker asks the real stealing for work ({@code ExternalWork.poll}, as a worker of {@code WorkerPool}
     * does): a job that arrived, or none. When the poll leaves a synchronous steal request in flight, the worker waits
     * (it is woken by the reply, or by the victim's loss); else it backs off, as a real idle worker does.
     */
    private void idle() {
        recovery.tick();
        if (!deque.isEmpty() || !requeued.isEmpty()) {
            wake();
            return;
        }
        awaitingReply = false;
        // asked only while the reply has not come: the simulated worker never parks, it waits for a wake-up instead
        SumJob job = (SumJob) stealing.poll(0, () -> awaitingReply = true, false);
        if (job != null) {
            awaitingReply = false;
            job.foreign = true;
            run(job);
            return;
        }
        if (stopped || awaitingReply) {
            return;
        }
        if (leave.leaving()) {
            leave.whenIdle();
        }
        wakeAfter(IDLE_NANOS);
    }

    /**
     * The oldest queued job, for a thief, as {@code WorkerPool.stealForExport}: a requeued one first when the thief
     * is idle ({@code thiefIdle}).
     */
    SumJob takeQueued(boolean thiefIdle) {
        SumJob lost = thiefIdle ? requeued.pollFirst() : null;
        return lost != null ? lost : deque.pollFirst();
    }

    /** A job of this node runs again here, looking up its spawns (as {@code WorkerPool.requeue}). */
    void requeue(SumJob job) {
        WorkerPool.markReExecution(job);
        requeued.addLast(job);
        wake();
    }

    void violation(String what) {
        world.violation("node " + number + ": " + what);
    }

    /** No more steal requests, no more recovery: the run is over here (or this node leaves). */
    void stop() {
        stopped = true;
        stealing.stop();
        recovery.stop();
    }

    boolean stopped() {
        return stopped;
    }

    // ---- messages ----

    /** A send of the node's own (not stealing's); false when the peer is gone here or the link broke. */
    boolean send(int peer, Message message) {
        try {
            return stealing.sendIfAlive(peer, message); // a broken link is reported to recovery there
        } catch (IOException e) {
            throw new IllegalStateException("a run that survives crashes reports broken links: " + e, e);
        }
    }

    /**
     * The node's outboxes ({@code Link.Transport}): the message goes into the world's network, written by the real
     * codec. Watches what the world's checks need: the synchronous steal requests awaiting their reply, and (for a
     * mutation) the jobs shipped; {@link Mutation#RELAYED_JOBS_DO_NOT_GO_HOME} drops a relay's hand-back here.
     */
    private void transmit(int peer, Message message, Consumer<Codec.Unwritten> onUnwritten, LongConsumer written)
            throws IOException {
        if (world.mutation == Mutation.RELAYED_JOBS_DO_NOT_GO_HOME && message instanceof Message.Result r
                && r.outcome() instanceof Outcome.Lost) {
            return; // the relay forgets the job instead of sending it home
        }
        long bytes = world.send(number, peer, message);
        if (written != null && bytes >= 0) {
            written.accept(bytes);
        }
        if (message instanceof Message.StealRequest r && r.synchronous()) {
            unanswered.put(r.requestId(), peer);
            world.at(world.now() + Scenario.STEAL_TIMEOUT, () -> {
                if (unanswered.containsKey(r.requestId()) && !gone() && !view.isGone(peer)) {
                    violation("waits for a steal reply from node " + peer + " beyond the timeout");
                }
            });
        } else if (message instanceof Message.StealReply r && r.job() != null) {
            shipped.put(r.job().jobId(), (SumJob) r.job().record());
        }
    }

    /** A message arrives from {@code from}; decoded here by the real codec. */
    void deliver(int from, byte[] bytes) {
        on(() -> {
            SimNode sender = world.nodes.get(from);
            if (sender.dead && sender.loseInFlight) {
                return;
            }
            if (view.state(from) == null) {
                view.learn(from, null); // a joiner whose message overtook the registry's joined event
            }
            try {
                dispatch(world.wire.decode(bytes));
            } catch (IOException e) {
                violation("a message could not be handled: " + e);
            }
        });
    }

    private void dispatch(Message message) throws IOException {
        if (message instanceof Message.StealRequest m) {
            stealing.onStealRequest(m);
        } else if (message instanceof Message.StealReply m) {
            if (m.synchronous()) {
                unanswered.remove(m.requestId());
            }
            stealing.onStealReply(m);
        } else if (message instanceof Message.Result m) {
            onResult(m);
        } else if (message instanceof Message.Done) {
            stop();
        } else if (message instanceof Message.Orphans m) {
            recovery.onOrphans(m.from(), m.dead(), m.keys());
        } else if (message instanceof Message.Salvage m) {
            stealing.onSalvage(m);
        } else if (message instanceof Message.Warmup m) {
            view.ready(m.from()); // a joiner is welcomed: it may steal from the sender
        } else if (message instanceof Message.Leaving m) {
            recovery.departed(m.from());
            send(m.from(), new Message.LeaveAck(number));
        } else if (message instanceof Message.LeaveAck m) {
            leave.acked(m.from());
        } else {
            world.violation("node " + number + " got a message the simulation never sends: " + message);
        }
        wake();
    }

    /**
     * RESULT: handled by the real victim. {@link Mutation#LATE_RESULT_COMPLETES} then completes a job of this node
     * that the victim did not complete (its export was claimed first, by recovery): the rule broken on purpose.
     */
    private void onResult(Message.Result m) throws IOException {
        SumJob job = shipped.get(m.jobId());
        int before = job == null ? 0 : job.completions;
        stealing.onResult(m);
        if (world.mutation == Mutation.LATE_RESULT_COMPLETES && job != null && job.spawnedHere
                && job.completions == before && m.outcome() instanceof Outcome.Value v) {
            complete(job, (Long) v.result());
        }
    }

    /** The registry's leave fault: this node leaves gracefully ({@link SimLeave}), unless it is the master. */
    void beginLeave() {
        on(() -> {
            if (view.master() != number) {
                leave.begin();
                wake();
            }
        });
    }

    /** This node is out of the run (it left): the registry tells the others. */
    void exit() {
        if (left) {
            return;
        }
        left = true;
        world.tellLiveNodes(number, m -> m.registryLeft(number));
    }
}
