package satin.simulator.network;

import java.util.random.RandomGenerator;
import satin.balance.ClusterMap;

/**
 * The links of a {@link Topology}. Inside a cluster every node has its own outgoing link (its network
 * interface), so one node's large message never delays another node's; between clusters each ordered cluster
 * pair shares one link (the wide-area connection), so all messages from cluster A to cluster B queue behind
 * each other. Counts messages and bytes separately for intra- and inter-cluster traffic.
 */
public final class Network {
    private final ClusterMap clusters;
    private final Link[] nodeLinks;
    private final Link[][] wideLinks;
    private final RandomGenerator random;
    private long intraMessages;
    private long intraBytes;
    private long interMessages;
    private long interBytes;

    public Network(Topology topology, RandomGenerator random) {
        this.clusters = topology.clusters();
        this.random = random;
        nodeLinks = new Link[clusters.nodeCount()];
        for (int node = 0; node < nodeLinks.length; node++) {
            nodeLinks[node] = new Link(topology.local(clusters.clusterOf(node)));
        }
        int c = clusters.clusterCount();
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
            return nodeLinks[from].transmit(now, bytes, random);
        }
        interMessages++;
        interBytes += bytes;
        return wideLinks[a][b].transmit(now, bytes, random);
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
