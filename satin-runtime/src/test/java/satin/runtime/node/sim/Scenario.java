package satin.runtime.node.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One seeded world: the pool, the links, the workload and the faults, all drawn from the seed, so that a seed names
 * its whole run. Times are simulated nanoseconds.
 *
 * @param nodes        the initial members (0 .. nodes-1)
 * @param clusters     nodes are in cluster {@code number % clusters}; more than one makes the policy CRS, whose
 *                     wide-area replies are the jobs a node relays
 * @param depth        the tree's depth: {@code 2^depth} leaves
 * @param leafNanos    the work of a leaf
 * @param spawnNanos   the work of an inner job (spawning its two children)
 * @param localNanos   one-way latency inside a cluster
 * @param wideNanos    one-way latency between clusters
 * @param udpLoss      the datagram loss of every udp link (0: the links are tcp); lost datagrams are resent by the
 *                     IPL's reliable stream, so a loss delays a message and too many in a row break the link
 * @param faults       what happens when
 */
record Scenario(long seed, int nodes, int clusters, int depth, long leafNanos, long spawnNanos, long localNanos,
        long wideNanos, double udpLoss, List<Fault> faults) {

    static final long MS = 1_000_000L;
    /** How long the registry takes to tell a node that another died (its connection closed): at least, at most. */
    static final long DETECT_MIN = 5 * MS;
    static final long DETECT_MAX = 120 * MS;
    /** A frozen node, or a partition, longer than this is fenced: the registry declares it dead to everyone. */
    static final long FENCE = 300 * MS;
    /** CrashRecovery's longest wait for the other nodes' ORPHANS (the real default is longer: shorter runs here). */
    static final long ROUND_MILLIS = 200;
    /** The run's steal-reply timeout: a node waiting longer than this for one reply waits "forever". */
    static final long STEAL_TIMEOUT = 10_000 * MS;

    /** A fault at {@code at}: {@code node} (or the pair {@code node}, {@code other}) for {@code nanos}. */
    record Fault(Kind kind, long at, int node, int other, long nanos) {
    }

    enum Kind {
        /** The node's process dies. */
        KILL,
        /** The master and its successor die at the same moment. */
        KILL_MASTER_AND_SUCCESSOR,
        /** The node leaves gracefully. */
        LEAVE,
        /** A new node joins the running pool. */
        JOIN,
        /** The link between two nodes holds every message for a while (fenced past {@link #FENCE}). */
        PARTITION,
        /** The node stops (a long GC, SIGSTOP) for a while (fenced past {@link #FENCE}). */
        FREEZE
    }

    /** The total work of the tree: what one node alone would need. */
    long work() {
        long leaves = 1L << depth;
        return leaves * leafNanos + (leaves - 1) * spawnNanos;
    }

    /** The run's time on {@link #nodes} nodes with no communication and no fault. */
    long ideal() {
        return work() / nodes;
    }

    /** The world of {@code seed}, with {@code maxFaults} faults at most. */
    static Scenario of(long seed, int maxFaults) {
        SplittableRandom r = new SplittableRandom(seed);
        int nodes = 2 + r.nextInt(7);
        int clusters = nodes >= 4 && r.nextBoolean() ? 2 : 1;
        int depth = 5 + r.nextInt(4);
        long leaf = (200 + r.nextInt(1800)) * 1_000L;
        long spawn = (5 + r.nextInt(20)) * 1_000L;
        long local = (20 + r.nextInt(400)) * 1_000L;
        long wide = clusters > 1 ? (2 + r.nextInt(10)) * MS : local;
        double loss = r.nextInt(3) == 0 ? 0.02 + r.nextDouble() * 0.25 : 0;
        long ideal = ((1L << depth) * leaf + ((1L << depth) - 1) * spawn) / nodes;
        List<Fault> faults = new ArrayList<>();
        int count = maxFaults == 0 ? 0 : r.nextInt(maxFaults + 1);
        for (int i = 0; i < count; i++) {
            Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
            long at = r.nextLong(Math.max(1, ideal + ideal / 2));
            int node = r.nextInt(nodes);
            int other = r.nextInt(nodes);
            long nanos = r.nextInt(4) == 0 ? FENCE + r.nextLong(FENCE) : r.nextLong(FENCE / 2);
            faults.add(new Fault(kind, at, node, other, nanos));
        }
        faults.sort(java.util.Comparator.comparingLong(Fault::at));
        return new Scenario(seed, nodes, clusters, depth, leaf, spawn, local, wide, loss, List.copyOf(faults));
    }
}
