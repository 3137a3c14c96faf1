package satin.runtime.node.sim;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.SalvagedLookup;

/**
 * One simulated node. Real: its {@link PoolView}, {@link CrashRecovery}, {@link SalvagedResults} and every message it
 * sends or reads (through the real codec, {@link SimWire}). The harness's own: one worker that runs the tree as
 * continuations (a job spawns its children onto its deque and completes when they have: no call stack), the graceful
 * leave and a joiner's welcome as {@code SatinNode} does them, and the stealing side ({@link SimStealing}, a stand-in
 * for {@code node.RemoteStealing}, with the real ledger and policy).
 */
final class SimNode {

    /** How long an idle worker backs off between two polls that found nothing. */
    private static final long IDLE_NANOS = 300_000L;

    final int number;
    private final World world;
    final PoolView view = new PoolView();
    final SalvagedResults salvaged = new SalvagedResults();
    final CrashRecovery recovery;
    final SimStealing stealing;

    private final ArrayDeque<SumJob> deque = new ArrayDeque<>();
    private final ArrayDeque<SumJob> requeued = new ArrayDeque<>();
    private final Set<Integer> broken = new HashSet<>();

    private boolean dead;
    private boolean left;
    private boolean stopped;
    private boolean leaving;
    private Set<Integer> leaveTold;
    private final Set<Integer> leaveAcks = new HashSet<>();
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

    private SimNode(World world, int number, int cluster) {
        this.world = world;
        this.number = number;
        this.recovery = new CrashRecovery(number, view, salvaged, Scenario.ROUND_MILLIS, this::takeOver, world::now);
        this.stealing = new SimStealing(this, world, cluster);
        recovery.attach(stealing);
    }

    // ---- the pool ----

    /** Starts the initial members; node 0's view makes it the master, which runs main. */
    static void startPool(World world) {
        int n = world.scenario.nodes();
        for (int i = 0; i < n; i++) {
            world.nodes.add(new SimNode(world, i, i % world.scenario.clusters()));
        }
        for (SimNode node : world.nodes) {
            for (int i = 0; i < n; i++) {
                node.view.learn(i, null);
                node.view.ready(i);
            }
            node.view.closedWith(n);
        }
        for (SimNode node : world.nodes) {
            world.at(0, () -> node.on(node::start));
        }
    }

    /** A node joins the running pool: it learns the live members from the registry, they learn it and welcome it. */
    static void join(World world) {
        int number = world.nodes.size();
        SimNode joiner = new SimNode(world, number, number % world.scenario.clusters());
        world.nodes.add(joiner);
        for (SimNode m : world.nodes) {
            if (m != joiner && !m.gone()) {
                joiner.view.learn(m.number, null);
            }
        }
        joiner.view.learn(number, null);
        joiner.view.ready(number);
        joiner.view.closedWith(world.scenario.nodes());
        world.at(world.now(), () -> joiner.on(joiner::wake));
        world.tellLiveNodes(number, m -> m.joined(number));
    }

    /** The live initial members in the order of succession, the master first. */
    static List<Integer> succession(List<SimNode> nodes) {
        List<Integer> order = new ArrayList<>();
        for (SimNode n : nodes) {
            if (!n.gone()) {
                order.add(n.number);
            }
        }
        return order;
    }

    /** What every node still holds or waits for: the diagnosis of a run that did not end. */
    static String describe(List<SimNode> nodes) {
        StringBuilder out = new StringBuilder();
        for (SimNode n : nodes) {
            out.append("[node ").append(n.number).append(n.dead ? " dead" : n.left ? " left" : "")
                    .append(n.leaving ? " leaving" : "").append(": master ").append(n.view.master())
                    .append(", ").append(n.stealing.describe()).append(", queued ").append(n.deque.size())
                    .append(", requeued ").append(n.requeued.size())
                    .append(", root ").append(n.root == null ? "-" : n.root.pending + " pending").append("] ");
        }
        return out.toString();
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

    private void start() {
        if (view.master() == number) {
            root = new SumJob(world.scenario.depth(), 0, null, false);
            mainToRun = root;
        }
        wake();
    }

    // ---- the registry's events ----

    void registryDied(int peer) {
        world.trace(number, () -> "registry: " + peer + " died");
        recovery.nodeGone(peer, new Observation.RegistryDied());
        checkLeft();
    }

    void registryLeft(int peer) {
        world.trace(number, () -> "registry: " + peer + " left");
        recovery.nodeGone(peer, new Observation.RegistryLeft());
        checkLeft();
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
        leaving = false;
        stopped = false;
        root = new SumJob(world.scenario.depth(), 0, null, true);
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
        if (job == null) {
            job = stealing.takeArrived(false);
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
        for (int i = 0; i < 2; i++) {
            SumJob child = new SumJob(job.depth - 1, 2 * job.index + i, job, job.lookup);
            if (job.lookup && salvaged.active()) {
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
        if (stealing.runsForeign(job)) {
            stealing.finished(job);
        } else if (job.parent != null) {
            SumJob parent = job.parent;
            parent.sum += value;
            if (--parent.pending == 0) {
                complete(parent, parent.sum);
            }
        } else if (job == root) {
            world.answer(number, value);
            stopped = true;
            recovery.stop();
            for (int peer : view.victims()) {
                if (peer != number) {
                    send(peer, new Message.Done(number, number, world.now()));
                }
            }
        } else {
            world.violation("node " + number + ": " + job + " completed, but nobody waits for it");
        }
    }

    /** As {@code RemoteStealing.poll}: an idle worker steals (the requests are the stealing side's). */
    private void idle() {
        recovery.tick();
        if (!deque.isEmpty() || !requeued.isEmpty() || stealing.hasArrivals()) {
            wake();
            return;
        }
        if (stopped) {
            return;
        }
        int next = stealing.poll(leaving);
        if (next == SimStealing.ANSWERED) {
            wake();
        } else if (next == SimStealing.NOTHING) {
            if (leaving) {
                checkLeave();
            }
            wakeAfter(IDLE_NANOS);
        }
        // else: the reply wakes this worker
    }

    /** The oldest queued job, for a thief; a requeued one too when {@code requeuedToo}. */
    SumJob takeQueued(boolean requeuedToo) {
        SumJob job = deque.pollFirst();
        return job != null || !requeuedToo ? job : requeued.pollFirst();
    }

    /** A job of this node runs again here, looking up its spawns (as {@code WorkerPool.requeue}). */
    void requeue(SumJob job) {
        job.lookup = true;
        requeued.addLast(job);
        wake();
    }

    boolean stopped() {
        return stopped;
    }

    // ---- messages ----

    /** A send; false when the peer is gone here or the link broke (then it is reported to recovery). */
    boolean send(int peer, Message message) {
        if (recovery.isDead(peer)) {
            return false;
        }
        try {
            world.send(number, peer, message);
            return true;
        } catch (IOException e) {
            recovery.linkBroken(peer, e);
            return false;
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
            dispatch(world.wire.decode(bytes));
        });
    }

    private void dispatch(Message message) {
        if (message instanceof Message.StealRequest m) {
            stealing.answer(m.from(), m.requestId(), m.synchronous(), m.inSync());
        } else if (message instanceof Message.StealReply m) {
            stealing.onStealReply(m);
        } else if (message instanceof Message.Result m) {
            stealing.onResult(m);
        } else if (message instanceof Message.Done) {
            stopped = true;
            recovery.stop();
        } else if (message instanceof Message.Orphans m) {
            recovery.onOrphans(m.from(), m.dead(), m.keys());
        } else if (message instanceof Message.Salvage m) {
            if (m.outcome() instanceof Outcome.Rerun) {
                recovery.unsalvageable(m.key(), m.from());
            } else {
                recovery.stored(m.key(), new SalvagedResults.Outcome(m.outcome().result(), m.outcome().failure(),
                        m.workNanos()));
            }
        } else if (message instanceof Message.Warmup m) {
            view.ready(m.from()); // a joiner is welcomed: it may steal from the sender
        } else if (message instanceof Message.Leaving m) {
            recovery.departed(m.from());
            send(m.from(), new Message.LeaveAck(number));
        } else if (message instanceof Message.LeaveAck m) {
            leaveAcks.add(m.from());
            checkLeft();
        } else {
            world.violation("node " + number + " got a message the simulation never sends: " + message);
        }
        wake();
    }

    // ---- graceful leave (as SatinNode.leave) ----

    void beginLeave() {
        on(() -> {
            if (view.master() != number) {
                leaving = true;
                wake();
            }
        });
    }

    private void checkLeave() {
        if (leaveTold != null || !stealing.holdsNothing()) {
            return;
        }
        stopped = true;
        recovery.stop();
        leaveTold = new HashSet<>();
        for (int peer : view.victims()) {
            if (peer != number && send(peer, new Message.Leaving(number))) {
                leaveTold.add(peer);
            }
        }
        world.at(world.now() + Scenario.STEAL_TIMEOUT, () -> on(this::exit));
        checkLeft();
    }

    private void checkLeft() {
        if (leaveTold != null && leaveTold.stream().allMatch(p -> leaveAcks.contains(p) || recovery.isDead(p))) {
            exit();
        }
    }

    private void exit() {
        if (left) {
            return;
        }
        left = true;
        world.tellLiveNodes(number, m -> m.registryLeft(number));
    }


}
