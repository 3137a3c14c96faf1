package satin.simulator.model;

import satin.simulator.network.LinkSpec;
import satin.simulator.network.Topology;

/**
 * The machines of a simulated run: a {@link Topology} plus the relative speed of every node (1.0 = the reference
 * CPU on which t_s is measured; a node of speed 2 runs a job in half the time).
 */
public record Platform(Topology topology, double[] speeds) {
    public Platform {
        if (speeds.length != topology.clusters().nodeCount()) {
            throw new IllegalArgumentException(speeds.length + " node speeds for " + topology.clusters().nodeCount() + " nodes");
        }
        speeds = speeds.clone();
        for (int i = 0; i < speeds.length; i++) {
            if (!(speeds[i] > 0) || Double.isInfinite(speeds[i])) {
                throw new IllegalArgumentException("node " + i + " has speed " + speeds[i] + "; speeds must be positive");
            }
        }
    }

    /** {@code clusters} x {@code nodesPerCluster} nodes of speed 1. */
    public static Platform homogeneous(int clusters, int nodesPerCluster, LinkSpec local, LinkSpec wideArea) {
        double[] speeds = new double[clusters * nodesPerCluster];
        java.util.Arrays.fill(speeds, 1.0);
        return new Platform(Topology.uniform(clusters, nodesPerCluster, local, wideArea), speeds);
    }

    /** {@code nodes} nodes of speed 1 in {@code clusters} equal clusters; fails if they do not divide evenly. */
    public static Platform split(int nodes, int clusters, LinkSpec local, LinkSpec wideArea) {
        if (clusters < 1 || nodes < clusters || nodes % clusters != 0) {
            throw new IllegalArgumentException(nodes + " nodes cannot be split into " + clusters + " equal clusters");
        }
        return homogeneous(clusters, nodes / clusters, local, wideArea);
    }

    public int nodeCount() {
        return speeds.length;
    }

    public int clusterCount() {
        return topology.clusters().clusterCount();
    }

    public double speed(int node) {
        return speeds[node];
    }

    public double totalSpeed() {
        double sum = 0;
        for (double s : speeds) {
            sum += s;
        }
        return sum;
    }
}
