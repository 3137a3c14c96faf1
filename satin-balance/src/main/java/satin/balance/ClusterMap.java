package satin.balance;

import java.util.Arrays;

/**
 * Immutable assignment of nodes {@code 0..nodeCount-1} to clusters {@code 0..clusterCount-1}. Nodes of one
 * cluster need not be contiguous; every cluster must have at least one node.
 */
public final class ClusterMap {
    private final int[] clusterOfNode;
    private final int[][] nodesOfCluster;

    /** @param clusterOfNode cluster index of every node; copied */
    public ClusterMap(int[] clusterOfNode) {
        if (clusterOfNode.length == 0) {
            throw new IllegalArgumentException("a cluster map needs at least one node");
        }
        this.clusterOfNode = clusterOfNode.clone();
        int clusters = 0;
        for (int node = 0; node < clusterOfNode.length; node++) {
            int c = clusterOfNode[node];
            if (c < 0) {
                throw new IllegalArgumentException("node " + node + " has negative cluster " + c);
            }
            clusters = Math.max(clusters, c + 1);
        }
        int[] sizes = new int[clusters];
        for (int c : clusterOfNode) {
            sizes[c]++;
        }
        nodesOfCluster = new int[clusters][];
        for (int c = 0; c < clusters; c++) {
            if (sizes[c] == 0) {
                throw new IllegalArgumentException("cluster " + c + " has no nodes (cluster indices must be dense)");
            }
            nodesOfCluster[c] = new int[sizes[c]];
        }
        int[] fill = new int[clusters];
        for (int node = 0; node < clusterOfNode.length; node++) {
            int c = clusterOfNode[node];
            nodesOfCluster[c][fill[c]++] = node;
        }
    }

    /** {@code clusters} clusters of {@code nodesPerCluster} nodes each, numbered cluster by cluster. */
    public static ClusterMap uniform(int clusters, int nodesPerCluster) {
        if (clusters < 1 || nodesPerCluster < 1) {
            throw new IllegalArgumentException("need at least one cluster of one node, got " + clusters + " x " + nodesPerCluster);
        }
        int[] map = new int[clusters * nodesPerCluster];
        for (int node = 0; node < map.length; node++) {
            map[node] = node / nodesPerCluster;
        }
        return new ClusterMap(map);
    }

    /** Clusters with the given sizes, numbered cluster by cluster. */
    public static ClusterMap ofSizes(int... sizes) {
        int total = Arrays.stream(sizes).sum();
        int[] map = new int[total];
        int node = 0;
        for (int c = 0; c < sizes.length; c++) {
            for (int i = 0; i < sizes[c]; i++) {
                map[node++] = c;
            }
        }
        return new ClusterMap(map);
    }

    public int nodeCount() {
        return clusterOfNode.length;
    }

    public int clusterCount() {
        return nodesOfCluster.length;
    }

    public int clusterOf(int node) {
        return clusterOfNode[node];
    }

    public int clusterSize(int cluster) {
        return nodesOfCluster[cluster].length;
    }

    /** The {@code index}-th node of {@code cluster}, in increasing node order. */
    public int nodeOf(int cluster, int index) {
        return nodesOfCluster[cluster][index];
    }
}
