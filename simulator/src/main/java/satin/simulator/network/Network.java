package satin.simulator.network;

import java.util.random.RandomGenerator;
import satin.balance.ClusterMap;

/**
 * The links of a {@link Topology}. Inside a cluster every node has its own outgoing link (its network
 * interface), so one node's large message never delays another node's; between clusters each ordered cluster
 * pair shares one link (the wide-area connection), so all messages from cluster A to cluster B queue behind
 * each other. Counts messages and bytes separately for intra- and inter-cluster traffic.
 *
 * <p>A node's own link, when its cluster's local spec is steady (no jitter, loss or TCP path, as every local
 * network of the paper's experiments), is not a {@link Link} object but one entry of {@code localFreeAt}: the time
 * its last message finishes transmitting. It follows exactly {@link Link}'s formula (arrival = max(now, free) +
 * bytes / bandwidth + latency). Why: nearly every event of a large run is a small message on a node's own link;
 * with 100,000 nodes, an object per link cost a cache miss per message, while the array of 800 KB stays in
 * the processor's cache. Other local specs keep a {@link Link} per node.
 */
public final class Network {
    private final ClusterMap clusters;
    /** Per node, null where {@link #localFreeAt} holds the link (its cluster's local spec is steady). */
    private final Link[] nodeLinks;
    /** Per node: when its steady local link is free again (see the class comment). */
    private final long[] localFreeAt;
    /** Per cluster: the local spec. */
    private final LinkSpec[] localSpecs;
    private final Link[][] wideLinks;
    private final RandomGenerator random;
    private long intraMessages;
    private long intraBytes;
    private long interMessages;
    private long interBytes;

    public Network(Topology topology, RandomGenerator random) {
        this.clusters = topology.clusters();
        this.random = random;
        int c = clusters.clusterCount();
        localSpecs = new LinkSpec[c];
        for (int cluster = 0; cluster < c; cluster++) {
            localSpecs[cluster] = topology.local(cluster);
        }
        nodeLinks = new Link[clusters.nodeCount()];
        localFreeAt = new long[clusters.nodeCount()];
        for (int node = 0; node < nodeLinks.length; node++) {
            LinkSpec local = localSpecs[clusters.clusterOf(node)];
            if (!steady(local)) {
                nodeLinks[node] = new Link(local);
            }
        }
        wideLinks = new Link[c][c];
        for (int from = 0; from < c; from++) {
            for (int to = 0; to < c; to++) {
                if (from != to) {
                    LinkSpec spec = topology.wide(from, to);
                    // a swing's seed comes from the run's seed; steady links draw nothing (older runs repeat exactly)
                    wideLinks[from][to] = new Link(spec, spec.swing() != null ? random.nextLong() : 0);
                }
            }
        }
    }

    /** Sends {@code bytes} from node {@code from} to node {@code to} at time {@code now}; returns the arrival time. */
    public long send(long now, int from, int to, long bytes) {
        int a = clusters.clusterOf(from);
        int b = clusters.clusterOf(to);
        if (a == b) {
            intraMessages++;
            intraBytes += bytes;
            Link link = nodeLinks[from];
            if (link != null) {
                return link.transmit(now, bytes, random);
            }
            LinkSpec spec = localSpecs[a];
            long done = Math.max(now, localFreeAt[from]) + spec.transmissionNanos(bytes);
            localFreeAt[from] = done;
            return done + spec.latencyNanos();
        }
        interMessages++;
        interBytes += bytes;
        return wideLinks[a][b].transmit(now, bytes, random);
    }

    /** A link whose arrival times need no random draw and no state but the time it is free again. */
    private static boolean steady(LinkSpec spec) {
        return !spec.tcp() && spec.jitterNanos() == 0 && spec.lossRate() == 0;
    }

    public boolean sameCluster(int a, int b) {
        return clusters.clusterOf(a) == clusters.clusterOf(b);
    }

    public long intraMessages() {
        return intraMessages;
    }

    public long intraBytes() {
        return intraBytes;
    }

    public long interMessages() {
        return interMessages;
    }

    public long interBytes() {
        return interBytes;
    }

    /** Retransmission timeouts taken on the wide-area links (TCP paths only). */
    public long wideAreaTimeouts() {
        long n = 0;
        for (Link[] row : wideLinks) {
            for (Link l : row) {
                n += l == null ? 0 : l.timeouts();
            }
        }
        return n;
    }
}
