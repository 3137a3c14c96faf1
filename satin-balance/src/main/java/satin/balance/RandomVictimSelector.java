package satin.balance;

import java.util.random.RandomGenerator;

/**
 * Uniform victim choice for one node over a {@link ClusterMap}. Each choice costs one draw from the given
 * generator and no allocation, so a seeded generator makes the sequence of victims reproducible.
 */
public final class RandomVictimSelector implements VictimSelector {
    private final ClusterMap clusters;
    private final int self;
    private final int ownCluster;
    private final RandomGenerator random;

    public RandomVictimSelector(ClusterMap clusters, int self, RandomGenerator random) {
        if (self < 0 || self >= clusters.nodeCount()) {
            throw new IllegalArgumentException("node " + self + " is not in a map of " + clusters.nodeCount() + " nodes");
        }
        this.clusters = clusters;
        this.self = self;
        this.ownCluster = clusters.clusterOf(self);
        this.random = random;
    }

    @Override
    public int anyOther() {
        int n = clusters.nodeCount();
        if (n < 2) {
            return -1;
        }
        // Draw from the n-1 others by skipping over self.
        int pick = random.nextInt(n - 1);
        return pick >= self ? pick + 1 : pick;
    }

    @Override
    public int inOwnCluster() {
        int size = clusters.clusterSize(ownCluster);
        if (size < 2) {
            return -1;
        }
        int pick = random.nextInt(size - 1);
        int node = clusters.nodeOf(ownCluster, pick);
        return node >= self ? clusters.nodeOf(ownCluster, pick + 1) : node;
    }

    @Override
    public int inRemoteCluster() {
        int remote = clusters.nodeCount() - clusters.clusterSize(ownCluster);
        if (remote == 0) {
            return -1;
        }
        // Index the remote nodes as all nodes minus the own cluster's, walking clusters in order.
        int pick = random.nextInt(remote);
        for (int c = 0; c < clusters.clusterCount(); c++) {
            if (c == ownCluster) {
                continue;
            }
            int size = clusters.clusterSize(c);
            if (pick < size) {
                return clusters.nodeOf(c, pick);
            }
            pick -= size;
        }
        throw new AssertionError("remote node index out of range");
    }
}
