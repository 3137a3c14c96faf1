package satin.runtime.node.sim;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import satin.runtime.node.wire.Message;

/**
 * The seeded world the simulated nodes live in: one event queue on simulated time (ties broken by the order of
 * scheduling, so a seed replays exactly), the in-memory network, the registry's events, and the faults of the
 * {@link Scenario}. Single-threaded: every node's every step is an event of this queue.
 *
 * <h2>The network</h2>
 * Every message is encoded by the real codec at the send ({@link SimWire}) and decoded at the receiver. Links are
 * reliable and FIFO per pair of nodes (what the IPL's tcp and udp streams give the protocol): a message is delivered
 * after the link's latency, never before an earlier message of the same link. On a udp link each datagram is lost
 * with the scenario's probability and resent after a timeout that doubles up to eight times the first; eight losses
 * in a row end the stream (the link is found broken a fence time later, and the messages behind it are lost). A partition holds the messages of a link until it heals. A send to a dead node either fails (the
 * connection was reset: the sender observes a broken link) or vanishes into its socket, by the seed; messages a node
 * sent before it died arrive or are lost together, by the seed.
 *
 * <h2>The registry</h2>
 * It tells every live node of a death, a leave and a join, each node after its own delay in
 * [{@link Scenario#DETECT_MIN}, {@link Scenario#DETECT_MAX}], in the order of the events at every node (the IPL's
 * registry is one ordered stream of events per member). A node frozen, or cut off from a peer, for longer than
 * {@link Scenario#FENCE} is fenced: killed, and reported dead to everyone (the IPL's registry does the same with a node
 * that stopped answering); one node, the survivor, is never killed, so that the run can end.
 */
final class World {

    final Scenario scenario;
    final Mutation mutation;
    final SimWire wire;
    private final SplittableRandom random;
    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long sequence;
    private long now;
    final List<SimNode> nodes = new ArrayList<>();
    private final Map<Long, Long> lastDelivery = new HashMap<>();
    private final Map<Long, Long> heldUntil = new HashMap<>();
    /** When each node is told its latest registry event: the next one comes after it. */
    private final Map<Integer, Long> registryTold = new HashMap<>();
    /** Links whose udp stream gave up on a message and will be found broken. */
    private final java.util.Set<Long> failing = new java.util.HashSet<>();
    private int streamFailures;
    /** The resends of messages that lost three datagrams or more in a row: rare waits the bound adds as they come. */
    private long udpTailNanos;
    private final List<String> violations = new ArrayList<>();
    /** The node that no fault kills. */
    final int survivor;
    final long expected;
    private int answers;
    private int lastAnswerBy;
    private long answerAt = -1;
    long messages;
    long events;
    /**
     * The jobs handed to another node and not yet answered for: (owner, job id) to the node that holds it. Entered
     * when a STEAL_REPLY carries a job, left when its holder sends a RESULT for it (its outcome, or a relay's hand-back).
     */
    private final Map<Handed, Integer> handed = new HashMap<>();

    /** A job as its owner named it when it handed it to another node. */
    private record Handed(int owner, long jobId) {
    }

    private record Event(long time, long seq, Runnable action) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            return time != o.time ? Long.compare(time, o.time) : Long.compare(seq, o.seq);
        }
    }

    World(Scenario scenario, Mutation mutation, SimWire wire) {
        this.scenario = scenario;
        this.mutation = mutation;
        this.wire = wire;
        this.random = new SplittableRandom(scenario.seed() ^ 0x5EED_5EEDL);
        this.survivor = scenario.nodes() - 1;
        this.expected = SumJob.expected(scenario.depth(), 0);
    }

    long now() {
        return now;
    }

    /** Runs {@code action} at simulated time {@code time}. */
    void at(long time, Runnable action) {
        queue.add(new Event(Math.max(time, now), sequence++, action));
    }

    /** A random generator of its own for node {@code number}, split from the seed. */
    SplittableRandom randomFor(int number) {
        return new SplittableRandom(scenario.seed() * 31 + number);
    }

    /** With {@code -Dsim.trace=true} (a replay), what each node does, on standard output. */
    private static final boolean TRACE = Boolean.getBoolean("sim.trace");

    void trace(int node, java.util.function.Supplier<String> what) {
        if (TRACE) {
            System.out.println("t=" + now / 1000 + "us node " + node + ": " + what.get());
        }
    }

    void violation(String what) {
        violations.add("t=" + now / 1000 + "us: " + what);
    }

    List<String> violations() {
        return violations;
    }

    /** {@code main} ended at node {@code node} with {@code value}. */
    void answer(int node, long value) {
        answers++;
        if (answers > 1 && !nodes.get(lastAnswerBy).isDead()) {
            // a master that ended main and died before its DONE reached anyone is succeeded, and main runs again
            // (the real run's DoneInquiry finds no live node that saw DONE): only two live ends are two masters
            violation("main ended a second time, at node " + node + ", while node " + lastAnswerBy
                    + ", which ended it first, lives");
        }
        lastAnswerBy = node;
        if (value != expected) {
            violation("node " + node + " computed " + value + ", the answer is " + expected);
        }
        answerAt = now;
    }

    // ---- the run ----

    /** Runs the scenario to its end; returns what it shows. */
    Verdict run() {
        startPool();
        for (Scenario.Fault f : scenario.faults()) {
            at(f.at(), () -> apply(f));
        }
        while (!queue.isEmpty() && violations.isEmpty()) {
            Event e = queue.poll();
            now = e.time;
            if (answerAt >= 0 && now > answerAt + 2 * Scenario.FENCE
                    && (lost().isEmpty() || now > answerAt + Scenario.STEAL_TIMEOUT)) {
                // long enough after the end for late messages to arrive (a second completion would show), and for
                // every job handed out between live nodes to be held or answered for (one that is neither is lost)
                break;
            }
            if (now > 2 * bound()) {
                break;
            }
            events++;
            e.action.run();
        }
        if (violations.isEmpty() && answerAt < 0) {
            violation("no answer by t=" + now / 1000 + "us (the queue is " + (queue.isEmpty() ? "empty" : "not empty")
                    + "): a node waits forever; " + describe());
        } else if (violations.isEmpty() && answerAt > bound()) {
            violation("the run took " + answerAt / 1000 + "us, beyond its bound of " + bound() / 1000 + "us");
        } else if (violations.isEmpty() && !lost().isEmpty()) {
            violation("jobs lost: handed to a live node that neither holds them nor answered for them while their "
                    + "owner lives: " + lost());
        }
        return new Verdict(scenario, List.copyOf(violations), answerAt, messages, events);
    }

    /**
     * The longest a run may take: twice the ideal time plus the latency of a steal per tree level (with udp, its
     * expected resends), and for each fault (a udp stream that failed counts as one) its detection and fencing, a
     * recovery round, and the whole work once more (a fault may lose it all: a master's crash redoes what it computed
     * itself).
     */
    long bound() {
        Scenario s = scenario;
        long perFault = Scenario.DETECT_MAX + 2 * Scenario.FENCE + Scenario.ROUND_MILLIS * Scenario.MS + s.work();
        // a lost datagram is resent after twice the latency, doubling: p / (1 - 2p) timeouts per message on average
        double udp = 1 + 2 * 2 * s.udpLoss() / (1 - 2 * s.udpLoss());
        long latency = (long) (4L * s.depth() * (s.wideNanos() + s.localNanos()) * udp);
        return 2 * s.ideal() + latency + 2 * udpTailNanos + 20 * Scenario.MS
                + (s.faults().size() + streamFailures) * perFault;
    }

    /**
     * The jobs handed between two nodes that both live, not answered for and not held by their holder either (it
     * forgot them, or they are still on the wire to it): "owner:jobId->holder". A job still held may stay unanswered
     * after the end: a holder whose run is over no longer recovers from the loss of the thieves it depends on.
     */
    private List<String> lost() {
        List<String> out = new ArrayList<>();
        handed.forEach((job, holder) -> {
            SimNode h = nodes.get(holder);
            if (!nodes.get(job.owner()).gone() && !h.gone() && !h.stealing.holds(job.owner(), job.jobId())) {
                out.add(job.owner() + ":" + job.jobId() + "->" + holder);
            }
        });
        return out;
    }

    // ---- the network ----

    private static long link(int from, int to) {
        return (long) from << 32 | to;
    }

    private boolean wide(int a, int b) {
        return a % scenario.clusters() != b % scenario.clusters();
    }

    /**
     * Sends {@code message} from node {@code from} to node {@code to}; throws when the link is broken (the sender
     * observes that). The receiver handles it after the link's delay, in the link's order. Returns the message's size
     * once written, or -1 when it vanished unwritten into a dead node's socket.
     */
    long send(int from, int to, Message message) throws IOException {
        SimNode target = nodes.get(to);
        SimNode sender = nodes.get(from);
        if (sender.brokenTo(to)) {
            throw new IOException("link to node " + to + " broken");
        }
        if (target.gone()) {
            if (random.nextBoolean()) {
                throw new IOException("connection to node " + to + " reset");
            }
            return -1; // into the dead node's socket
        }
        byte[] bytes = wire.encode(message);
        trace(from, () -> "-> " + to + " " + message);
        if (message instanceof Message.StealReply r && r.job() != null) {
            handed.put(new Handed(from, r.job().jobId()), to);
        } else if (message instanceof Message.Result r) {
            handed.remove(new Handed(to, r.jobId()));
        }
        messages++;
        long latency = wide(from, to) ? scenario.wideNanos() : scenario.localNanos();
        long t = now + latency;
        if (failing.contains(link(from, to))) {
            return bytes.length; // behind a message the stream could not deliver: lost with the stream
        }
        if (scenario.udpLoss() > 0) {
            long timeout = Math.max(2 * latency, 200_000L);
            for (int lost = 0; random.nextDouble() < scenario.udpLoss(); lost++) {
                if (lost == 8) {
                    // the stream gives up on this message: everything after it waits behind it until the link
                    // is found broken, as late as the registry fences a silent node
                    failing.add(link(from, to));
                    streamFailures++;
                    at(now + Scenario.FENCE, () -> streamFailed(from, to));
                    return bytes.length;
                }
                long resend = timeout << Math.min(lost, 3);
                t += resend;
                if (lost >= 2) {
                    udpTailNanos += resend; // beyond what the bound expects of the loss rate
                }
            }
        }
        long pair = link(Math.min(from, to), Math.max(from, to));
        t = Math.max(t, heldUntil.getOrDefault(pair, 0L) + latency);
        t = Math.max(t, lastDelivery.getOrDefault(link(from, to), 0L) + 1);
        lastDelivery.put(link(from, to), t);
        at(t, () -> target.deliver(from, bytes));
        return bytes.length;
    }

    /** The udp stream between two nodes failed: both ends find the link broken, the registry fences one. */
    private void streamFailed(int a, int b) {
        nodes.get(a).breakLink(b);
        nodes.get(b).breakLink(a);
        fence(b == survivor ? a : b);
    }

    // ---- the registry and the faults ----

    /** Starts the initial members; node 0's view makes it the master, which runs main. */
    private void startPool() {
        int n = scenario.nodes();
        for (int i = 0; i < n; i++) {
            nodes.add(new SimNode(this, i, i % scenario.clusters()));
        }
        for (SimNode node : nodes) {
            for (int i = 0; i < n; i++) {
                node.view.learn(i, null);
                node.view.ready(i);
            }
            node.view.closedWith(n);
        }
        for (SimNode node : nodes) {
            at(0, () -> node.on(node::start));
        }
    }

    /** A node joins the running pool: it learns the live members from the registry, they learn it and welcome it. */
    private void join() {
        int number = nodes.size();
        SimNode joiner = new SimNode(this, number, number % scenario.clusters());
        nodes.add(joiner);
        for (SimNode m : nodes) {
            if (m != joiner && !m.gone()) {
                joiner.view.learn(m.number, null);
            }
        }
        joiner.view.learn(number, null);
        joiner.view.ready(number);
        joiner.view.closedWith(scenario.nodes());
        at(now, () -> joiner.on(joiner::wake));
        tellLiveNodes(number, m -> m.joined(number));
    }

    /** The live members in the order of succession (by number: the initial members, then joiners), the master first. */
    private List<Integer> succession() {
        List<Integer> order = new ArrayList<>();
        for (SimNode n : nodes) {
            if (!n.gone()) {
                order.add(n.number);
            }
        }
        return order;
    }

    /** What every node still holds or waits for: the diagnosis of a run that did not end. */
    private String describe() {
        StringBuilder out = new StringBuilder();
        nodes.forEach(n -> out.append(n.describe()));
        return out.toString();
    }

    private long detectDelay() {
        return Scenario.DETECT_MIN + random.nextLong(Scenario.DETECT_MAX - Scenario.DETECT_MIN);
    }

    /**
     * Tells every live node but {@code about} of an event of the registry, each after its own delay, and never before
     * an event it was told earlier: the IPL's registry gives every member one totally ordered stream of events (a
     * member's died event never overtakes its joined event at any node).
     */
    void tellLiveNodes(int about, java.util.function.Consumer<SimNode> event) {
        for (SimNode n : nodes) {
            if (n.number != about && !n.gone()) {
                long t = Math.max(now + detectDelay(), registryTold.getOrDefault(n.number, 0L) + 1);
                registryTold.put(n.number, t);
                at(t, () -> n.on(() -> event.accept(n)));
            }
        }
    }

    /** Node {@code n}'s process dies; the registry tells the others. */
    void kill(int n) {
        SimNode node = nodes.get(n);
        if (node.gone() || n == survivor) {
            return;
        }
        node.die(random.nextBoolean());
        trace(n, () -> "dies");
        tellLiveNodes(n, m -> m.registryDied(n));
    }

    private void fence(int n) {
        kill(n);
    }

    private void apply(Scenario.Fault f) {
        int node = f.node() < nodes.size() ? f.node() : f.node() % nodes.size();
        int other = f.other() < nodes.size() ? f.other() : f.other() % nodes.size();
        switch (f.kind()) {
            case KILL -> kill(node);
            case KILL_MASTER_AND_SUCCESSOR -> {
                List<Integer> order = succession();
                for (int i = 0; i < Math.min(2, order.size()); i++) {
                    kill(order.get(i));
                }
            }
            case LEAVE -> {
                SimNode n = nodes.get(node);
                if (!n.gone() && node != survivor) {
                    n.beginLeave();
                }
            }
            case JOIN -> join();
            case PARTITION -> {
                if (node == other || nodes.get(node).gone() || nodes.get(other).gone()) {
                    return;
                }
                long pair = link(Math.min(node, other), Math.max(node, other));
                heldUntil.put(pair, Math.max(heldUntil.getOrDefault(pair, 0L), now + f.nanos()));
                if (f.nanos() > Scenario.FENCE) {
                    at(now + Scenario.FENCE, () -> streamFailed(Math.min(node, other), Math.max(node, other)));
                }
            }
            case FREEZE -> {
                SimNode n = nodes.get(node);
                if (n.gone()) {
                    return;
                }
                boolean fenced = f.nanos() > Scenario.FENCE && node != survivor;
                // a fenced node never wakes: the registry declared it dead, its IPL ends it when it runs again
                n.freeze(now + (fenced ? Scenario.FENCE + 1 : Math.min(f.nanos(), Scenario.FENCE - 1)));
                if (fenced) {
                    at(now + Scenario.FENCE, () -> fence(node));
                }
            }
        }
    }
}
