package satin.ipl.core;

import java.io.IOException;
import java.net.InetAddress;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;


import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.CommunicationStatistics;
import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.MessageUpcall;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.ObjectReferences;
import satin.ipl.PoolCapability;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.Reachability;
import satin.ipl.ReceivePort;
import satin.ipl.Registry;
import satin.ipl.RegistryEventHandler;
import satin.ipl.SendPort;
import satin.ipl.local.LocalNetwork;
import satin.ipl.registry.JoinRequest;
import satin.ipl.registry.LocalRegistryClient;
import satin.ipl.registry.RegistryClient;
import satin.ipl.registry.RemoteRegistryClient;
import satin.ipl.security.PoolSecurity;
import satin.ipl.spi.IplProvider;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/**
 * A running node: its life cycle (start: transport, registry, transport open; close) and its ports. What
 * the node says on the wire is the {@link ChannelProtocol}'s.
 */
public final class NodeImpl implements Node {
    private static final Logger log = LoggerFactory.getLogger(NodeImpl.class);

    private final IplProvider provider;
    private final IplConfig config;
    private final Set<PortType> portTypes;
    private final Serialization serialization;
    private final TrafficCounters counters = new TrafficCounters();
    private final Map<String, SendPortImpl> sendPorts = new ConcurrentHashMap<>();
    private final Map<String, ReceivePortImpl> receivePortsByName = new ConcurrentHashMap<>();
    private final Map<Integer, ReceivePortImpl> receivePorts = new ConcurrentHashMap<>();
    private final AtomicInteger nextPort = new AtomicInteger(1);
    private final int window;
    private final long connectTimeout;
    private final ChannelProtocol protocol;
    private Transport transport;
    private RegistryClient registry;
    private NodeIdentifier self;
    private LoopbackLink loopback;
    private volatile boolean closed;

    private NodeImpl(IplProvider provider, IplConfig config, Set<PortType> portTypes, ObjectReferences references)
            throws IplException {
        this.provider = provider;
        this.config = config;
        this.portTypes = Set.copyOf(portTypes);
        this.serialization = new Serialization(config.getList(IplProperties.SERIALIZATION_CLASSES),
                Thread.currentThread().getContextClassLoader() != null
                        ? Thread.currentThread().getContextClassLoader() : NodeImpl.class.getClassLoader(),
                references);
        this.window = Math.max(ChannelProtocol.MIN_WINDOW, config.getInt(IplProperties.FLOW_WINDOW));
        this.protocol = new ChannelProtocol(this, window);
        this.connectTimeout = config.getLong(IplProperties.CONNECT_TIMEOUT_MS);
    }

    /**
     * Creates the transport, joins the pool, opens the transport. Called by {@link satin.ipl.start.Ipl}. Objects
     * {@code references} covers travel as references (null: none); {@code cut} is a network cut for fault injection
     * (null: none, see {@link satin.ipl.NetworkCut}).
     */
    public static Node start(IplProvider provider, IplConfig config, Set<PoolCapability> poolCapabilities,
            Set<PortType> portTypes, RegistryEventHandler handler, LocalNetwork network, ObjectReferences references,
            satin.ipl.NetworkCut cut) throws IOException {
        NodeImpl node = new NodeImpl(provider, config, portTypes, references);
        String pool = config.get(IplProperties.POOL_NAME);
        String registryAddress = config.get(IplProperties.REGISTRY_ADDRESS).trim();
        PoolSecurity security = security(config, !registryAddress.isEmpty());
        TransportContext context = new TransportContext() {
            @Override
            public IplConfig config() {
                return config;
            }

            @Override
            public String poolName() {
                return pool;
            }

            @Override
            public byte[] registrationHash() {
                return node.serialization.hash();
            }

            @Override
            public PoolSecurity security() {
                return security;
            }

            @Override
            public PacketHandler handler() {
                return node.protocol;
            }

            @Override
            public <T> Optional<T> shared(Class<T> type) {
                if (type.isInstance(network)) {
                    return Optional.of(type.cast(network));
                }
                return type.isInstance(cut) ? Optional.of(type.cast(cut)) : Optional.empty();
            }
        };
        if (!provider.usable(context)) {
            throw new IplException("implementation '" + provider.name() + "' cannot run here"
                    + (provider.name().equals("local") ? ": it needs a LocalNetwork" : ""));
        }
        node.transport = provider.createTransport(context);
        try {
            JoinRequest join = new JoinRequest(pool, location(config), provider.name(), node.transport.address(),
                    node.serialization.hash(), config.getInt(IplProperties.POOL_SIZE),
                    Boolean.parseBoolean(config.get(IplProperties.POOL_MALLEABLE).trim()),
                    Boolean.parseBoolean(config.get(IplProperties.POOL_JOIN_RUNNING).trim()));
            if (!registryAddress.isEmpty()) {
                node.registry = RemoteRegistryClient.join(registryAddress, join, handler, config, security, cut);
            } else if (network != null) {
                node.registry = new LocalRegistryClient(network.pool(pool), join, handler);
            } else {
                throw new IplException("no registry: set " + IplProperties.REGISTRY_ADDRESS
                        + " to a registry server, or give a LocalNetwork for an in-process pool");
            }
            node.self = node.registry.self();
            node.registry.onDeath(node.protocol::peerDied);
            node.loopback = new LoopbackLink(node.self, node.protocol);
            node.transport.open(node.self);
            node.registry.awaitOwnJoin(node.connectTimeout);
            log.debug("node {} started with {}", node.self, provider.name());
            return node;
        } catch (IOException | RuntimeException e) {
            node.closeQuietly();
            throw e;
        }
    }

    /**
     * The pool's security: a network pool (one with a registry server) needs a secret or an explicit
     * {@code ipl.security.insecure=true}; an in-process pool uses its secret if one is given.
     */
    private static PoolSecurity security(IplConfig config, boolean networkPool) throws IplException {
        if (!networkPool && config.get(IplProperties.SECRET_FILE).isBlank()) {
            return PoolSecurity.insecure();
        }
        return PoolSecurity.from(config);
    }

    static Location location(IplConfig config) {
        String configured = config.get(IplProperties.LOCATION).trim();
        if (!configured.isEmpty()) {
            return Location.parse(configured);
        }
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return Location.fromHostName(host.replace('@', '-'));
    }

    Serialization serialization() {
        return serialization;
    }

    TrafficCounters counters() {
        return counters;
    }

    int window() {
        return window;
    }

    long connectTimeout() {
        return connectTimeout;
    }

    @Override
    public NodeIdentifier identifier() {
        return self;
    }

    @Override
    public String implementationName() {
        return provider.name();
    }

    @Override
    public IplConfig config() {
        return config;
    }

    @Override
    public Registry registry() {
        return registry;
    }

    @Override
    public CommunicationStatistics statistics() {
        return counters.snapshot();
    }

    private void checkPortType(PortType type) {
        if (!portTypes.contains(type)) {
            throw new IllegalArgumentException(type + " was not declared when this node was started;"
                    + " declared: " + portTypes);
        }
    }

    @Override
    public SendPort createSendPort(PortType type, String name) throws IOException {
        checkPortType(type);
        checkOpen();
        SendPortImpl port = new SendPortImpl(this, type, name);
        if (sendPorts.putIfAbsent(name, port) != null) {
            throw new IplException("send port '" + name + "' already exists on " + self);
        }
        return port;
    }

    @Override
    public ReceivePort createReceivePort(PortType type, String name, MessageUpcall upcall) throws IOException {
        return createReceivePort(type, name, upcall, null);
    }

    @Override
    public ReceivePort createReceivePort(PortType type, String name, MessageUpcall upcall,
            satin.ipl.ConnectionUpcall connections) throws IOException {
        checkPortType(type);
        checkOpen();
        if (upcall != null && !type.has(PortCapability.UPCALLS)) {
            throw new IllegalArgumentException("an upcall needs a port type with UPCALLS: " + type);
        }
        if (upcall == null && !type.has(PortCapability.EXPLICIT_RECEIPT)) {
            throw new IllegalArgumentException("a port without upcall needs EXPLICIT_RECEIPT: " + type);
        }
        synchronized (receivePortsByName) {
            if (receivePortsByName.containsKey(name)) {
                throw new IplException("receive port '" + name + "' already exists on " + self);
            }
            ReceivePortImpl port = new ReceivePortImpl(this, type, name, nextPort.getAndIncrement(), upcall,
                    connections);
            receivePortsByName.put(name, port);
            receivePorts.put(port.number, port);
            return port;
        }
    }

    /** The open receive port with this name, or null. */
    ReceivePortImpl receivePort(String name) {
        return receivePortsByName.get(name);
    }

    private void checkOpen() throws IplException {
        if (closed) {
            throw new IplException("node " + self + " is closed");
        }
    }

    void removeSendPort(SendPortImpl port) {
        sendPorts.remove(port.identifier().name(), port);
    }

    void removeReceivePort(ReceivePortImpl port) {
        synchronized (receivePortsByName) {
            receivePortsByName.remove(port.identifier().name(), port);
            receivePorts.remove(port.number, port);
        }
    }

    @Override
    public Reachability probe(NodeIdentifier peer, long timeoutMillis) {
        if (closed) {
            return Reachability.SILENT; // a closed node learns nothing
        }
        return peer.equals(self) ? Reachability.ANSWERS : transport.probe(peer, timeoutMillis);
    }

    PeerLink linkTo(NodeIdentifier peer, long timeoutMillis) throws IOException {
        checkOpen();
        return peer.equals(self) ? loopback : transport.link(peer, timeoutMillis);
    }

    /** The largest packet payload this node's transport carries. */
    int maxPayload() {
        return transport.maxPayload();
    }

    ChannelProtocol protocol() {
        return protocol;
    }

    /** What the transport delivers to; public for tests that play a peer. */
    public PacketHandler packetHandler() {
        return protocol;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (SendPortImpl p : sendPorts.values()) {
            p.close();
        }
        for (ReceivePortImpl p : receivePorts.values()) {
            p.close();
        }
        closeQuietly();
    }

    private void closeQuietly() {
        closed = true;
        if (registry != null) {
            registry.close();
        }
        if (loopback != null) {
            loopback.close("node closed");
        }
        if (transport != null) {
            transport.close();
        }
    }

    @Override
    public String toString() {
        return "Node[" + self + " via " + provider.name() + "]";
    }
}
