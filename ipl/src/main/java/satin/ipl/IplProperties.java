package satin.ipl;

import java.util.Map;
import java.util.TreeMap;

/**
 * The configuration keys every implementation understands, with their defaults. Implementations add
 * their own keys through {@link satin.ipl.spi.IplProvider#propertyKeys()}; any other key is an error.
 */
public final class IplProperties {
    /** Implementation name (tcp, udp, local); empty = choose automatically by capability match. */
    public static final String IMPLEMENTATION = "ipl.implementation";
    public static final String POOL_NAME = "ipl.pool.name";
    /** Size of a closed-world pool; 0 = open pool. */
    public static final String POOL_SIZE = "ipl.pool.size";
    /**
     * {@code true}: a closed pool ({@link #POOL_SIZE} above 0) that goes on admitting members after it closed, those
     * that join with {@link #POOL_JOIN_RUNNING}. Every member that starts the pool says the same.
     */
    public static final String POOL_MALLEABLE = "ipl.pool.malleable";
    /** {@code true}: join a running malleable pool, whatever its size ({@link #POOL_SIZE} is ignored). */
    public static final String POOL_JOIN_RUNNING = "ipl.pool.join-running";
    /** {@code node@cluster@site}; empty = derived from the host name. */
    public static final String LOCATION = "ipl.location";
    /** host:port of the registry server; empty = in-process registry of the given LocalNetwork. */
    public static final String REGISTRY_ADDRESS = "ipl.registry.address";
    public static final String HEARTBEAT_INTERVAL_MS = "ipl.registry.heartbeat.interval";
    /** A member (or the server, seen from a member) silent for this long is dead. */
    public static final String HEARTBEAT_TIMEOUT_MS = "ipl.registry.heartbeat.timeout";
    public static final String CONNECT_TIMEOUT_MS = "ipl.connect.timeout";
    /**
     * {@code true}: a member that loses its registry connection keeps its view of the pool and reconnects to the same
     * address until it is back (a restarted registry is rebuilt from the members' states: see {@code
     * satin.ipl.registry}); its handler hears {@code registryUnavailable} and {@code registryRestored} instead of
     * {@code registryLost}, which then means the registry refused it back (it was declared dead meanwhile).
     */
    public static final String REGISTRY_RECONNECT = "ipl.registry.reconnect";
    /** Time an accepted connection has to complete its handshake. */
    public static final String ACCEPT_TIMEOUT_MS = "ipl.accept.timeout";
    /** Listen ports, {@code 0} (any), {@code 9000} or {@code 9000-9100} (firewalls). */
    public static final String PORT_RANGE = "ipl.port.range";
    public static final String BIND_ADDRESS = "ipl.bind.address";
    /** Address published to other nodes (multi-homed hosts); empty = first non-loopback address. */
    public static final String ADVERTISED_ADDRESS = "ipl.advertised.address";
    /**
     * Largest frame accepted from the network, in bytes; messages are fragmented below it. The default,
     * 1 MiB + 64 KiB, lets a 1 MiB message travel in one frame while bounding how long one frame can hold
     * up the other ports of a link.
     */
    public static final String MAX_FRAME_SIZE = "ipl.frame.max";
    /** Bytes a sender may have outstanding per connection before the receiver's application takes them. */
    public static final String FLOW_WINDOW = "ipl.flow.window";
    /** Comma-separated classes registered with Kryo, in this order, identical on every node. */
    public static final String SERIALIZATION_CLASSES = "ipl.serialization.classes";

    /** File holding the pool's secret (see {@code satin.ipl.security.PoolSecret}); needed for network pools. */
    public static final String SECRET_FILE = "ipl.security.secret.file";
    /** {@code true}: no pool secret, no authentication, no encryption (anyone who reaches a port may join). */
    public static final String INSECURE = "ipl.security.insecure";
    /** Which links are encrypted: {@code all}, {@code wide-area} (between clusters) or {@code none}. */
    public static final String ENCRYPT = "ipl.security.encrypt";

    private static final Map<String, String> DEFAULTS = new TreeMap<>(Map.ofEntries(
            Map.entry(IMPLEMENTATION, ""),
            Map.entry(POOL_NAME, "satin"),
            Map.entry(POOL_SIZE, "0"),
            Map.entry(POOL_MALLEABLE, "false"),
            Map.entry(POOL_JOIN_RUNNING, "false"),
            Map.entry(LOCATION, ""),
            Map.entry(REGISTRY_ADDRESS, ""),
            Map.entry(HEARTBEAT_INTERVAL_MS, "1000"),
            Map.entry(HEARTBEAT_TIMEOUT_MS, "10000"),
            Map.entry(CONNECT_TIMEOUT_MS, "10000"),
            Map.entry(REGISTRY_RECONNECT, "false"),
            Map.entry(ACCEPT_TIMEOUT_MS, "10000"),
            Map.entry(PORT_RANGE, "0"),
            Map.entry(BIND_ADDRESS, "0.0.0.0"),
            Map.entry(ADVERTISED_ADDRESS, ""),
            Map.entry(MAX_FRAME_SIZE, Integer.toString((1 << 20) + (64 << 10))),
            Map.entry(FLOW_WINDOW, Integer.toString(4 << 20)),
            Map.entry(SERIALIZATION_CLASSES, ""),
            Map.entry(SECRET_FILE, ""),
            Map.entry(INSECURE, "false"),
            Map.entry(ENCRYPT, "all")));

    private IplProperties() {
    }

    /** Core keys and their default values. */
    public static Map<String, String> defaults() {
        return DEFAULTS;
    }
}
