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
 * @param faultTolerant   whether the run survives crashes of non-master nodes (the default); false: a lost node
 *                        ends the run (for measuring what fault tolerance costs)
 * @param detectionMillis the registry's heartbeat timeout: a node silent this long is dead (a node whose
 *                        connections close is dead at once)
 * @param reuseResults    whether re-executions of lost work reuse salvaged results (the default); false only to
 *                        measure what reuse saves
 */
public record NodeOptions(String registry, String poolName, int poolSize, String nodeName, String cluster,
                          int workers, int inlineThreshold, BalancePolicies algorithm, String transport, String wan,
                          List<String> register, long timeoutMillis, boolean faultTolerant, long detectionMillis,
                          boolean reuseResults) {

    /** Default of {@link #detectionMillis}: the IPL registry's heartbeat timeout. */
    public static final long DEFAULT_DETECTION_MILLIS = 10_000;

    /** Options of a fault-tolerant run with the default detection time. */
    public NodeOptions(String registry, String poolName, int poolSize, String nodeName, String cluster,
            int workers, int inlineThreshold, BalancePolicies algorithm, String transport, String wan,
            List<String> register, long timeoutMillis) {
        this(registry, poolName, poolSize, nodeName, cluster, workers, inlineThreshold, algorithm, transport, wan,
                register, timeoutMillis, true, DEFAULT_DETECTION_MILLIS, true);
    }

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
        if (detectionMillis < 100) {
            throw new IllegalArgumentException("the detection time must be at least 100 ms, got " + detectionMillis
                    + " ms");
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
