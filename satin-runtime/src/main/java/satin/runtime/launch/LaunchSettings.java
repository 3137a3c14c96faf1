package satin.runtime.launch;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.balance.BalancePolicies;
import satin.contract.MainEntry;
import satin.runtime.RuntimeConfig;
import satin.ipl.security.EncryptionPolicy;
import satin.runtime.node.NodeOptions;

/**
 * How a program started with plain {@code java} runs: the settings read from system properties or environment
 * variables ({@link SettingSource}), checked once, with an error naming the setting, where it came from, the bad
 * value and what is expected. {@link #NAMES} lists every setting with its meaning (the README's table).
 *
 * <p>Without {@code satin.registry} the program runs in this JVM on {@code satin.workers} workers. With it, this
 * JVM is one node of a pool of {@code satin.nodes} nodes, exactly as {@code satin run --registry} makes it: the
 * same {@link NodeOptions} and the same {@link PoolLaunch}.
 */
public record LaunchSettings(boolean bootstrap, int workers, int inlineThreshold, int nodes, String registry,
                             boolean serveRegistry, String cluster, String nodeName, String pool,
                             BalancePolicies algorithm, String transport, String wan, List<String> register,
                             long timeoutMillis, StatsDetail stats, PoolSecuritySettings security,
                             boolean loopSplitting) {

    public static final String BOOTSTRAP = MainEntry.BOOTSTRAP;
    public static final String WORKERS = "satin.workers";
    public static final String INLINE_THRESHOLD = "satin.inline-threshold";
    public static final String LOOP_SPLITTING = "satin.loop-splitting";
    public static final String NODES = "satin.nodes";
    public static final String REGISTRY = "satin.registry";
    public static final String SERVE_REGISTRY = "satin.registry.serve";
    public static final String CLUSTER = "satin.cluster";
    public static final String NODE = "satin.node";
    public static final String POOL = "satin.pool";
    public static final String ALGORITHM = "satin.algorithm";
    public static final String TRANSPORT = "satin.transport";
    public static final String WAN = "satin.wan";
    public static final String REGISTER = "satin.register";
    public static final String TIMEOUT = "satin.timeout";
    public static final String STATS = "satin.stats";
    public static final String SECRET_FILE = "satin.pool-secret-file";
    public static final String INSECURE = "satin.insecure";
    public static final String ENCRYPT = "satin.encrypt";

    /** Every setting and what it does, in the order the README lists them. */
    public static final Map<String, String> NAMES = names();

    /** The default pool name, as {@code satin run --pool} has it. */
    public static final String DEFAULT_POOL = "satin";
    /** The default cluster of a node that names none. */
    public static final String DEFAULT_CLUSTER = "cluster0";
    /** The default longest wait for another node, in seconds (as {@code satin run --timeout}). */
    public static final long DEFAULT_TIMEOUT_SECONDS = 60;

    private static Map<String, String> names() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(BOOTSTRAP, "on (default) or off: off runs main sequentially, without a runtime");
        m.put(WORKERS, "worker threads of this JVM (default: available processors)");
        m.put(INLINE_THRESHOLD, "a spawn runs as a plain call while its worker holds this many queued jobs (default "
                + RuntimeConfig.DEFAULT_INLINE_THRESHOLD + ")");
        m.put(LOOP_SPLITTING, "on or off (default): a thief's demand splits the worker's counted loops of spawns (classes "
                + "rewritten with loop splitting); one JVM only");
        m.put(NODES, "the number of nodes (JVMs) of the pool; more than 1 needs " + REGISTRY);
        m.put(REGISTRY, "HOST:PORT of the registry: this JVM joins a pool as one node (needs " + NODES + ")");
        m.put(SERVE_REGISTRY, "on or off (default): this JVM also runs the registry, bound to the HOST:PORT of "
                + REGISTRY + ", until the run ends");
        m.put(CLUSTER, "this node's cluster (default " + DEFAULT_CLUSTER + ")");
        m.put(NODE, "this node's name, unique in the pool (default: host name and process id)");
        m.put(POOL, "the pool (run) to join (default " + DEFAULT_POOL + ")");
        m.put(ALGORITHM, "load balancing between nodes: RS or CRS (default)");
        m.put(TRANSPORT, "tcp (default) or udp between nodes");
        m.put(WAN, "emulate a wide-area network between clusters: an IPL WAN preset or topology file");
        m.put(REGISTER, "extra classes to register for serialization, comma-separated, as Java spells them "
                + "(a.b.Outer.Inner, a.b.Shape[]); rarely needed, see the runtime README");
        m.put(TIMEOUT, "longest wait for another node in seconds (default " + DEFAULT_TIMEOUT_SECONDS + ")");
        m.put(STATS, "on (a summary), full (every figure per worker or node) or off (default): print statistics on "
                + "standard error when main returns");
        m.put(SECRET_FILE, "the file holding the pool's secret (same file on every node); a pool needs one unless "
                + INSECURE + "=on");
        m.put(INSECURE, "on or off (default): no authentication or encryption; anyone who reaches the ports may join");
        m.put(ENCRYPT, "all (default), wide-area (only between clusters) or none: which links are encrypted");
        return java.util.Collections.unmodifiableMap(m);
    }

    public LaunchSettings {
        register = List.copyOf(register);
    }

    /** Reads and checks every setting; throws {@link BadSettingException} naming the first bad one. */
    public static LaunchSettings read(SettingSource source) {
        SettingNames.check(source.propertyNames(), NAMES.keySet());
        Reader r = new Reader(source);
        boolean bootstrap = r.flag(BOOTSTRAP, true);
        int workers = r.integer(WORKERS, Runtime.getRuntime().availableProcessors(), 1);
        int threshold = r.integer(INLINE_THRESHOLD, RuntimeConfig.DEFAULT_INLINE_THRESHOLD, 0);
        boolean loopSplitting = r.flag(LOOP_SPLITTING, RuntimeConfig.DEFAULT_LOOP_SPLITTING);
        SettingSource.Value nodesValue = source.get(NODES);
        int nodes = r.integer(NODES, 1, 1);
        String registry = r.text(REGISTRY, null);
        boolean serve = r.flag(SERVE_REGISTRY, false);
        if (registry != null) {
            checkAddress(registry, source.get(REGISTRY).origin());
            SettingSource.Value split = source.get(LOOP_SPLITTING);
            if (split != null) {
                // a node's runtime is configured by its NodeOptions, which do not carry loop splitting
                throw new BadSettingException(split.origin() + " is set but loops are split only in a program that runs"
                        + " in one JVM (without " + REGISTRY + ")");
            }
            if (nodesValue == null) {
                throw new BadSettingException(REGISTRY + " makes this JVM one node of a pool: set " + NODES
                        + " to the number of nodes in it (every node the same)");
            }
        } else {
            if (nodes > 1) {
                throw new BadSettingException(nodesValue.origin() + " is " + nodes + ", which needs " + REGISTRY
                        + "=HOST:PORT, the registry the nodes meet at (run 'satin server --port P' somewhere, or set "
                        + SERVE_REGISTRY + "=on on one of the nodes)");
            }
            for (String poolOnly : List.of(SERVE_REGISTRY, CLUSTER, NODE, POOL, ALGORITHM, TRANSPORT, WAN, TIMEOUT,
                    INSECURE, ENCRYPT)) {
                SettingSource.Value v = source.get(poolOnly);
                if (v != null) {
                    throw new BadSettingException(v.origin() + " is set but " + REGISTRY
                            + " is not: it only matters for a pool of nodes (set " + REGISTRY + " and " + NODES
                            + ", or remove it)");
                }
            }
        }
        String cluster = r.name(CLUSTER, DEFAULT_CLUSTER);
        String node = r.name(NODE, defaultNodeName());
        String pool = r.name(POOL, DEFAULT_POOL);
        BalancePolicies algorithm = r.algorithm();
        String transport = r.choice(TRANSPORT, "tcp", List.of("tcp", "udp"));
        String wan = r.text(WAN, "");
        List<String> register = r.list(REGISTER);
        long timeout = r.integer(TIMEOUT, (int) DEFAULT_TIMEOUT_SECONDS, 1) * 1000L;
        StatsDetail stats = r.stats();
        PoolSecuritySettings security = null;
        if (registry != null) {
            String secret = r.text(SECRET_FILE, null);
            EncryptionPolicy encrypt;
            try {
                encrypt = EncryptionPolicy.parse(r.choice(ENCRYPT, "all", List.of("all", "wide-area", "none")));
            } catch (IllegalArgumentException e) {
                throw new BadSettingException(e.getMessage());
            }
            security = new PoolSecuritySettings(secret == null ? null : java.nio.file.Path.of(secret),
                    r.flag(INSECURE, false), encrypt);
        }
        return new LaunchSettings(bootstrap, workers, threshold, nodes, registry, serve, cluster, node, pool,
                algorithm, transport, wan, register, timeout, stats, security, loopSplitting);
    }

    /** Whether this JVM is one node of a pool (else the program runs in this JVM alone). */
    public boolean multiNode() {
        return registry != null;
    }

    /** The configuration of a runtime confined to this JVM. */
    public RuntimeConfig runtimeConfig() {
        return RuntimeConfig.defaults().withWorkers(workers).withInlineThreshold(inlineThreshold)
                .withLoopSplitting(loopSplitting);
    }

    /** The options of this JVM as a node of the pool; only when {@link #multiNode()}. */
    public NodeOptions nodeOptions() {
        return new NodeOptions(registry, pool, nodes, nodeName, cluster, workers, inlineThreshold, algorithm,
                transport, wan, register, timeoutMillis);
    }

    /** The default node name: host name and process id, as {@code satin run --registry} has it. */
    public static String defaultNodeName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "host";
        }
        return host.replace('@', '_').replace('.', '_') + "-" + ManagementFactory.getRuntimeMXBean().getPid();
    }

    private static void checkAddress(String address, String origin) {
        int colon = address.lastIndexOf(':');
        String port = colon < 0 ? "" : address.substring(colon + 1);
        boolean ok = colon > 0 && port.matches("\\d{1,5}") && Integer.parseInt(port) >= 1
                && Integer.parseInt(port) <= 65535;
        if (!ok) {
            throw new BadSettingException(origin + " must be HOST:PORT with a port from 1 to 65535, got '" + address
                    + "'");
        }
    }

    /** Parses values, each error naming the setting, its origin and what is expected. */
    private record Reader(SettingSource source) {

        int integer(String name, int fallback, int min) {
            SettingSource.Value v = source.get(name);
            if (v == null) {
                return fallback;
            }
            int value;
            try {
                value = Integer.parseInt(v.text());
            } catch (NumberFormatException e) {
                value = Integer.MIN_VALUE;
            }
            if (value < min) {
                throw new BadSettingException(v.origin() + " must be a whole number of at least " + min + ", got '"
                        + v.text() + "'");
            }
            return value;
        }

        boolean flag(String name, boolean fallback) {
            SettingSource.Value v = source.get(name);
            if (v == null) {
                return fallback;
            }
            return switch (v.text().toLowerCase(Locale.ROOT)) {
                case "on", "true", "yes", "auto" -> true;
                case "off", "false", "no" -> false;
                default -> throw new BadSettingException(v.origin() + " must be on or off, got '" + v.text() + "'");
            };
        }

        String text(String name, String fallback) {
            SettingSource.Value v = source.get(name);
            return v == null ? fallback : v.text();
        }

        String name(String name, String fallback) {
            SettingSource.Value v = source.get(name);
            if (v == null) {
                return fallback;
            }
            if (v.text().contains("@") || v.text().contains(",")) {
                throw new BadSettingException(v.origin() + " must be a name without '@' or ',', got '" + v.text()
                        + "'");
            }
            return v.text();
        }

        StatsDetail stats() {
            SettingSource.Value v = source.get(STATS);
            if (v == null) {
                return StatsDetail.OFF;
            }
            StatsDetail d = StatsDetail.parse(v.text());
            if (d == null) {
                throw new BadSettingException(v.origin() + " must be on, full or off, got '" + v.text() + "'");
            }
            return d;
        }

        String choice(String name, String fallback, List<String> allowed) {
            SettingSource.Value v = source.get(name);
            if (v == null) {
                return fallback;
            }
            String value = v.text().toLowerCase(Locale.ROOT);
            if (!allowed.contains(value)) {
                throw new BadSettingException(v.origin() + " must be one of " + String.join(", ", allowed) + ", got '"
                        + v.text() + "'");
            }
            return value;
        }

        BalancePolicies algorithm() {
            SettingSource.Value v = source.get(ALGORITHM);
            if (v == null) {
                return BalancePolicies.CRS;
            }
            try {
                return BalancePolicies.parse(v.text());
            } catch (IllegalArgumentException e) {
                throw new BadSettingException(v.origin() + ": " + e.getMessage());
            }
        }

        List<String> list(String name) {
            SettingSource.Value v = source.get(name);
            List<String> out = new ArrayList<>();
            if (v != null) {
                for (String item : v.text().split(",")) {
                    if (!item.isBlank()) {
                        out.add(item.trim());
                    }
                }
            }
            return out;
        }
    }
}
