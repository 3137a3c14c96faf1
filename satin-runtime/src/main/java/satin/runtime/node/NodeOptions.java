package satin.runtime.node;

import java.util.List;
import java.util.Objects;
import satin.balance.BalancePolicies;

/**
 * How one node takes part in a multi-JVM run: an explicit value handed from the command line to {@link SatinNode}.
 *
 * @param registry        {@code host:port} of the registry server
 * @param poolName        pool to join (one run = one pool)
 * @param poolSize        number of nodes in the run (the pool is closed when all joined)
 * @param nodeName        this node's name, unique in the pool (first part of its location)
 * @param cluster         this node's cluster (the parent of its location)
 * @param workers         worker threads of this node
 * @param inlineThreshold see {@link satin.runtime.RuntimeConfig#inlineThreshold()}
 * @param algorithm       RS or CRS
 * @param transport       IPL implementation: tcp, udp (empty: automatic choice)
 * @param wan             WAN emulation preset or topology file, empty for none
 * @param register        extra classes to register for serialization (types hidden behind Object/interfaces)
 * @param timeoutMillis   longest wait for anything another node must do (joining, replies, statistics)
 */
public record NodeOptions(String registry, String poolName, int poolSize, String nodeName, String cluster,
                          int workers, int inlineThreshold, BalancePolicies algorithm, String transport, String wan,
                          List<String> register, long timeoutMillis) {

    public NodeOptions {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(poolName, "poolName");
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(algorithm, "algorithm");
        transport = transport == null ? "" : transport;
        wan = wan == null ? "" : wan;
        register = List.copyOf(register);
        if (poolSize < 1) {
            throw new IllegalArgumentException("a pool needs at least one node, got " + poolSize);
        }
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        if (nodeName.isBlank() || nodeName.contains("@") || cluster.isBlank() || cluster.contains("@")) {
            throw new IllegalArgumentException("node and cluster names must be non-empty and without '@': "
                    + nodeName + "@" + cluster);
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeoutMillis + " ms");
        }
    }

    /** The node's location as the IPL spells it: {@code node@cluster}. */
    public String location() {
        return nodeName + "@" + cluster;
    }
}
