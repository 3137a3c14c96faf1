package satin.simulator.network;

import java.util.List;
import satin.balance.ClusterMap;

/**
 * Which node is in which cluster, and the links between them: one spec for the local network of each cluster
 * and one for each ordered pair of distinct clusters.
 */
public final class Topology {
    private final ClusterMap clusters;
    private final List<String> clusterNames;
    private final LinkSpec[] local;
    private final LinkSpec[][] wide;

    public Topology(ClusterMap clusters, List<String> clusterNames, LinkSpec[] local, LinkSpec[][] wide) {
        int c = clusters.clusterCount();
        if (clusterNames.size() != c || local.length != c || wide.length != c) {
            throw new IllegalArgumentException("topology of " + c + " clusters got " + clusterNames.size() + " names, "
                    + local.length + " local links and " + wide.length + " rows of wide-area links");
        }
        for (int from = 0; from < c; from++) {
            if (wide[from].length != c) {
                throw new IllegalArgumentException("wide-area row " + from + " has " + wide[from].length + " entries, expected " + c);
            }
            for (int to = 0; to < c; to++) {
                if (from != to && wide[from][to] == null) {
                    throw new IllegalArgumentException("no wide-area link from cluster " + clusterNames.get(from) + " to " + clusterNames.get(to));
                }
            }
        }
        this.clusters = clusters;
        this.clusterNames = List.copyOf(clusterNames);
        this.local = local.clone();
        this.wide = new LinkSpec[c][];
        for (int i = 0; i < c; i++) {
            this.wide[i] = wide[i].clone();
        }
    }

    /** {@code clusters} equal clusters; every cluster pair connected by the same wide-area link. */
    public static Topology uniform(int clusters, int nodesPerCluster, LinkSpec local, LinkSpec wideArea) {
        LinkSpec[] locals = new LinkSpec[clusters];
        LinkSpec[][] wides = new LinkSpec[clusters][clusters];
        String[] names = new String[clusters];
        for (int c = 0; c < clusters; c++) {
            locals[c] = local;
            names[c] = "cluster" + c;
            for (int d = 0; d < clusters; d++) {
                wides[c][d] = c == d ? null : wideArea;
            }
        }
        return new Topology(ClusterMap.uniform(clusters, nodesPerCluster), List.of(names), locals, wides);
    }

    public ClusterMap clusters() {
        return clusters;
    }

    public String clusterName(int cluster) {
        return clusterNames.get(cluster);
    }

    public LinkSpec local(int cluster) {
        return local[cluster];
    }

    public LinkSpec wide(int from, int to) {
        return wide[from][to];
    }
}
