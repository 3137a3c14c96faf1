package satin.runtime.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.contract.InvocationRecord;
import satin.runtime.fault.SalvagedResults;

/**
 * What one node does when another node is gone (see the {@link satin.runtime.fault} overview for the whole
 * algorithm): it forgets the dead node as a victim and a destination, gives up the steal requests it waits for, takes
 * back the jobs the dead node had stolen from here, announces the orphans it runs (jobs it stole from the dead node),
 * keeps their results when they end, and runs the taken-back jobs again once every live node has announced its
 * orphans, so that the re-execution knows which spawns to wait for rather than to run.
 *
 * <h2>The recovery round of one dead node</h2>
 * Every live node, on learning that node D is gone (the registry's died or left event, or a broken link to D),
 * sends ORPHANS(D, identities of the jobs from D it runs) to every other live node. A node releases the jobs it takes
 * back from D (requeues them in its runtime) once it has itself processed D's death and has ORPHANS(D) from every
 * other node that is alive, or after {@link #roundMillis} at most (a node that says nothing may be slow, or dying
 * too: the re-execution then just finds fewer results to reuse). Messages from one node arrive in the order it sent
 * them, so a node's SALVAGE messages sent before its ORPHANS arrive before the round can end.
 *
 * <h2>Threads</h2>
 * Called from the registry's event thread (deaths), the message upcall thread (ORPHANS, SALVAGE), and workers (a
 * finished orphan, a broken link, {@link #tick}). The bookkeeping is under this object's monitor; messages are sent
 * and records completed or requeued only after leaving it, so that no thread waits for another node's progress
 * while holding it (a send may wait for flow-control credit, which another node's upcall thread returns, and
 * that thread may need the same monitor on that node).
 */
final class CrashRecovery {

    private static final Logger log = LoggerFactory.getLogger(CrashRecovery.class);

    private final int self;
    private final int poolSize;
    private final SalvagedResults salvaged;
    private final long roundMillis;
    private final Consumer<String> masterLost;
    private final Set<Integer> dead = ConcurrentHashMap.newKeySet();
    private final Map<Integer, Round> rounds = new HashMap<>();
    private final Map<Integer, Long> detectedAtMillis = new ConcurrentHashMap<>();
    private volatile RemoteStealing stealing;
    /** Whether any round exists: lets {@link #tick} skip the monitor in runs without crashes. */
    private volatile boolean anyRound;
    private volatile int master = -1;
    private volatile boolean stopped;

    final LongAdder salvagedHere = new LongAdder();
    final LongAdder requeued = new LongAdder();

    /** One dead node's recovery round at this node. */
    private static final class Round {
        final Set<Integer> announced = new HashSet<>();
        List<InvocationRecord> lost;
        long deadlineNanos;
        boolean released;
    }

    /**
     * @param roundMillis the longest a round waits for other nodes' announcements
     * @param masterLost  told when the master is gone (the run cannot continue without it)
     */
    CrashRecovery(int self, int poolSize, SalvagedResults salvaged, long roundMillis, Consumer<String> masterLost) {
        this.self = self;
        this.poolSize = poolSize;
        this.salvaged = salvaged;
        this.roundMillis = roundMillis;
        this.masterLost = masterLost;
    }

    /** Completes construction: the stealing side exists only after this object. */
    void attach(RemoteStealing remote, int masterNode) {
        this.stealing = remote;
        this.master = masterNode;
    }

    /** The run is over here: later losses are only noted (nothing to recover, peers may be closed). */
    void stop() {
        stopped = true;
    }

    boolean isDead(int node) {
        return dead.contains(node);
    }

    /** Nodes gone so far, with when this node learned it (epoch milliseconds). */
    Map<Integer, Long> detections() {
        return Map.copyOf(detectedAtMillis);
    }

    /** A send to {@code peer} failed: the link is broken, the peer is treated as gone. */
    void linkBroken(int peer, IOException cause) {
        if (stopped) {
            dead.add(peer);
            return;
        }
        log.warn("node {}: link to node {} broken ({}): treating it as dead", self, peer, cause.getMessage());
        nodeGone(peer, "link broken");
    }

    /** Node {@code node} is gone (died, left or unreachable); idempotent. */
    void nodeGone(int node, String how) {
        RemoteStealing remote = stealing;
        if (node == self || remote == null || !dead.add(node)) {
            return;
        }
        detectedAtMillis.put(node, System.currentTimeMillis());
        if (stopped) {
            return;
        }
        log.info("node {}: node {} {}; recovering", self, node, how);
        if (node == master) {
            masterLost.accept("the master (node " + node + ") " + how);
            return;
        }
        remote.victimGone(node);
        List<InvocationRecord> lost = remote.lostWith(node);
        List<Long> orphans = remote.orphansOf(node);
        for (long key : orphans) {
            salvaged.pending(key, self);
        }
        List<InvocationRecord> rerun = salvaged.holderGone(node);
        long[] keys = orphans.stream().mapToLong(Long::longValue).toArray();
        remote.salvageKept(node); // before ORPHANS: each peer has these results when its round ends
        for (int peer = 0; peer < poolSize; peer++) {
            if (peer != self && !dead.contains(peer)) {
                sendQuietly(peer, Tags.ORPHANS, m -> {
                    m.writeInt(self);
                    m.writeInt(node);
                    m.writeInt(keys.length);
                    m.writeArray(keys);
                });
            }
        }
        rerun.forEach(this::requeueNow);
        List<InvocationRecord> release;
        synchronized (this) {
            Round r = round(node);
            r.lost = lost;
            r.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(roundMillis);
            release = releasable();
        }
        release.forEach(this::requeueNow);
    }

    /** ORPHANS from node {@code from}: it runs the jobs {@code keys} that came from {@code deadNode}. */
    void onOrphans(int from, int deadNode, long[] keys) {
        for (long key : keys) {
            salvaged.pending(key, from);
        }
        List<InvocationRecord> release;
        synchronized (this) {
            round(deadNode).announced.add(from);
            release = releasable();
        }
        release.forEach(this::requeueNow);
    }

    /** Releases the rounds whose time is up; called by idle workers. */
    void tick() {
        if (!anyRound) {
            return;
        }
        List<InvocationRecord> release;
        synchronized (this) {
            release = releasable();
        }
        release.forEach(this::requeueNow);
    }

    /** The lost jobs of every round that may end now, which are marked released. Holds the monitor. */
    private List<InvocationRecord> releasable() {
        List<InvocationRecord> out = new ArrayList<>();
        long now = System.nanoTime();
        for (Map.Entry<Integer, Round> e : rounds.entrySet()) {
            Round r = e.getValue();
            if (r.released || r.lost == null) {
                continue;
            }
            boolean all = true;
            for (int peer = 0; peer < poolSize && all; peer++) {
                all = peer == self || dead.contains(peer) || r.announced.contains(peer);
            }
            if (all || now - r.deadlineNanos > 0) {
                r.released = true;
                out.addAll(r.lost);
                r.lost = List.of();
            }
        }
        return out;
    }

    private Round round(int node) {
        anyRound = true;
        return rounds.computeIfAbsent(node, k -> new Round());
    }

    /** Runs a job taken back from a dead thief again here. */
    void requeueNow(InvocationRecord record) {
        requeued.increment();
        stealing.pool().requeue(record);
    }

    /** An orphan that ran here ended (its owner is gone): keeps the outcome and sends it to every live node. */
    void salvage(long key, SalvagedResults.Outcome outcome) {
        salvagedHere.increment();
        stored(key, outcome);
        for (int peer = 0; peer < poolSize; peer++) {
            if (peer != self && !dead.contains(peer)) {
                try {
                    stealing.sendSalvaged(peer, key, outcome);
                } catch (IOException e) {
                    log.warn("node {}: cannot send a salvaged result to node {}: {}", self, peer, e.getMessage());
                }
            }
        }
    }

    /** An orphan's outcome is known: keeps it, and completes the re-executed spawns that waited for it. */
    void stored(long key, SalvagedResults.Outcome outcome) {
        for (InvocationRecord waiting : salvaged.store(key, outcome)) {
            stealing.pool().completeExported(waiting, outcome.result(), outcome.failure());
        }
    }

    private void sendQuietly(int peer, byte tag, Peers.Body body) {
        try {
            stealing.sendIfAlive(peer, tag, body);
        } catch (IOException e) {
            log.warn("node {}: cannot send to node {}: {}", self, peer, e.getMessage());
        }
    }
}
