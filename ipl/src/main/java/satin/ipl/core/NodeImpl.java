package satin.ipl.core;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

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
import satin.ipl.PoolCapability;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.Registry;
import satin.ipl.RegistryEventHandler;
import satin.ipl.SendPort;
import satin.ipl.SendPortIdentifier;
import satin.ipl.local.LocalNetwork;
import satin.ipl.registry.JoinRequest;
import satin.ipl.registry.LocalRegistryClient;
import satin.ipl.registry.RegistryClient;
import satin.ipl.registry.RemoteRegistryClient;
import satin.ipl.spi.IplProvider;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;
import satin.ipl.spi.WireCodec;

/** A running node; see the package overview for the channel protocol. */
public final class NodeImpl implements Node, PacketHandler {
    private static final Logger log = LoggerFactory.getLogger(NodeImpl.class);

    private final IplProvider provider;
    private final IplConfig config;
    private final Set<PortType> portTypes;
    private final Serialization serialization;
    private final TrafficCounters counters = new TrafficCounters();
    private final Map<String, SendPortImpl> sendPorts = new ConcurrentHashMap<>();
    private final Map<String, ReceivePortImpl> receivePortsByName = new ConcurrentHashMap<>();
    private final Map<Integer, ReceivePortImpl> receivePorts = new ConcurrentHashMap<>();
    private final Map<Integer, OutChannel> outChannels = new ConcurrentHashMap<>();
    private final Map<ChannelKey, InChannel> inChannels = new ConcurrentHashMap<>();
    private final AtomicInteger nextChannel = new AtomicInteger(1);
    private final AtomicInteger nextPort = new AtomicInteger(1);
    private final int window;
    private final int maxFrame;
    private final long connectTimeout;
    private Transport transport;
    private RegistryClient registry;
    private NodeIdentifier self;
    private LoopbackLink loopback;
    private volatile boolean closed;

    private record ChannelKey(NodeIdentifier peer, int channel) {
    }

    private NodeImpl(IplProvider provider, IplConfig config, Set<PortType> portTypes) throws IplException {
        this.provider = provider;
        this.config = config;
        this.portTypes = Set.copyOf(portTypes);
        this.serialization = new Serialization(config.getList(IplProperties.SERIALIZATION_CLASSES),
                Thread.currentThread().getContextClassLoader() != null
                        ? Thread.currentThread().getContextClassLoader() : NodeImpl.class.getClassLoader());
        this.window = Math.max(4096, config.getInt(IplProperties.FLOW_WINDOW));
        this.maxFrame = config.getInt(IplProperties.MAX_FRAME_SIZE);
        this.connectTimeout = config.getLong(IplProperties.CONNECT_TIMEOUT_MS);
    }

    /** Creates the transport, joins the pool, opens the transport. Called by {@link satin.ipl.Ipl}. */
    public static Node start(IplProvider provider, IplConfig config, Set<PoolCapability> poolCapabilities,
            Set<PortType> portTypes, RegistryEventHandler handler, LocalNetwork network) throws IOException {
        NodeImpl node = new NodeImpl(provider, config, portTypes);
        String pool = config.get(IplProperties.POOL_NAME);
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
            public PacketHandler handler() {
                return node;
            }

            @Override
            public Optional<LocalNetwork> localNetwork() {
                return Optional.ofNullable(network);
            }
        };
        if (!provider.usable(context)) {
            throw new IplException("implementation '" + provider.name() + "' cannot run here"
                    + (provider.name().equals("local") ? ": it needs a LocalNetwork" : ""));
        }
        node.transport = provider.createTransport(context);
        try {
            JoinRequest join = new JoinRequest(pool, location(config), provider.name(), node.transport.address(),
                    node.serialization.hash(), config.getInt(IplProperties.POOL_SIZE));
            String registryAddress = config.get(IplProperties.REGISTRY_ADDRESS).trim();
            if (!registryAddress.isEmpty()) {
                node.registry = RemoteRegistryClient.join(registryAddress, join, handler, config);
            } else if (network != null) {
                node.registry = new LocalRegistryClient(network.pool(pool), join, handler);
            } else {
                throw new IplException("no registry: set " + IplProperties.REGISTRY_ADDRESS
                        + " to a registry server, or give a LocalNetwork for an in-process pool");
            }
            node.self = node.registry.self();
            node.registry.onDeath(node::peerDied);
            node.loopback = new LoopbackLink(node.self, node);
            node.transport.open(node.self);
            node.registry.awaitOwnJoin(node.connectTimeout);
            log.debug("node {} started with {}", node.self, provider.name());
            return node;
        } catch (IOException | RuntimeException e) {
            node.closeQuietly();
            throw e;
        }
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
            ReceivePortImpl port = new ReceivePortImpl(this, type, name, nextPort.getAndIncrement(), upcall);
            receivePortsByName.put(name, port);
            receivePorts.put(port.number, port);
            return port;
        }
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

    PeerLink linkTo(NodeIdentifier peer, long timeoutMillis) throws IOException {
        checkOpen();
        return peer.equals(self) ? loopback : transport.link(peer, timeoutMillis);
    }

    OutChannel openChannel(PeerLink link, satin.ipl.ReceivePortIdentifier target, SendPortImpl port) {
        OutChannel c = new OutChannel(nextChannel.getAndIncrement(), link, target, port,
                target.node().sameCluster(self));
        outChannels.put(c.id, c);
        return c;
    }

    /** Forgets a channel; with {@code tell} the receiver is told to drop its half. */
    void closeChannel(OutChannel c, boolean tell) {
        outChannels.remove(c.id, c);
        c.fail("channel to " + c.target + " closed");
        if (tell && c.link.isOpen()) {
            try {
                c.link.send(Packet.control(Packet.DISCONNECT, c.id, 0, 0));
            } catch (IOException e) {
                log.debug("disconnect not sent: {}", e.getMessage());
            }
        }
    }

    // ---- PacketHandler: runs on transport threads ----

    @Override
    public void received(PeerLink link, Packet p) throws ProtocolException {
        switch (p.type) {
            case Packet.CONNECT -> onConnect(link, p);
            case Packet.ACCEPT -> {
                OutChannel c = ownChannel(link, p);
                if (p.payloadLength() != 4 || p.aux < 4096) {
                    throw new ProtocolException("malformed ACCEPT for channel " + p.channel);
                }
                int peerMaxFrame = p.payload.getInt(p.payload.position());
                c.remotePort = p.port;
                c.fragmentSize = Math.max(1, Math.min(Math.min(transport.maxPayload(), peerMaxFrame),
                        Math.min(maxFrame, p.aux / 2) - WireCodec.HEADER_SIZE - InChannel.OVERHEAD));
                c.credit.grant(p.aux);
                c.accepted.complete(null);
            }
            case Packet.REJECT -> {
                OutChannel c = ownChannel(link, p);
                c.fail(StandardCharsets.UTF_8.decode(p.payload.duplicate()).toString());
            }
            case Packet.DATA -> {
                InChannel c = inChannels.get(new ChannelKey(link.peer(), p.channel));
                if (c == null) {
                    throw new ProtocolException("DATA on unknown channel " + p.channel);
                }
                if (p.port != c.port.number) {
                    throw new ProtocolException("DATA for port " + p.port + " on channel " + p.channel
                            + " connected to port " + c.port.number);
                }
                c.onData(p);
            }
            case Packet.CREDIT -> {
                OutChannel c = outChannels.get(p.channel);
                if (c != null && c.link.peer().equals(link.peer())) {
                    if (p.aux <= 0) {
                        throw new ProtocolException("CREDIT of " + p.aux + " bytes");
                    }
                    c.credit.grant(p.aux);
                }
            }
            case Packet.DISCONNECT -> {
                if (p.aux == 1) {
                    OutChannel c = outChannels.get(p.channel);
                    if (c != null && c.link.peer().equals(link.peer())) {
                        c.fail("receive port " + c.target + " was closed");
                    }
                } else {
                    InChannel c = inChannels.remove(new ChannelKey(link.peer(), p.channel));
                    if (c != null) {
                        c.port.channels.remove(c);
                    }
                }
            }
            default -> throw new ProtocolException("unexpected packet type " + p.type + " after the handshake");
        }
    }

    private OutChannel ownChannel(PeerLink link, Packet p) throws ProtocolException {
        OutChannel c = outChannels.get(p.channel);
        if (c == null || !c.link.peer().equals(link.peer())) {
            throw new ProtocolException("answer for unknown channel " + p.channel);
        }
        return c;
    }

    private void onConnect(PeerLink link, Packet p) throws ProtocolException {
        ByteBuf b = Unpooled.wrappedBuffer(p.payload.duplicate());
        String portName = WireCodec.readString(b);
        String senderName = WireCodec.readString(b);
        ChannelKey key = new ChannelKey(link.peer(), p.channel);
        if (inChannels.containsKey(key)) {
            throw new ProtocolException("CONNECT reuses channel " + p.channel);
        }
        String refusal;
        ReceivePortImpl port = receivePortsByName.get(portName);
        PortType type = null;
        try {
            type = PortType.fromBits(p.port);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("CONNECT with invalid port type bits " + p.port);
        }
        synchronized (receivePortsByName) {
            if (port == null || port.isClosed()) {
                refusal = "no receive port '" + portName + "' on " + self;
            } else if (!port.type().equals(type)) {
                refusal = "receive port " + port.identifier() + " has " + port.type() + ", sender has " + type;
            } else if (port.type().pattern() != PortCapability.MANY_TO_ONE && !port.connectedTo().isEmpty()) {
                refusal = "receive port " + port.identifier() + " is " + port.type().pattern()
                        + " and already connected to " + port.connectedTo().get(0);
            } else {
                InChannel c = new InChannel(p.channel, link, port, new SendPortIdentifier(link.peer(), senderName),
                        window);
                inChannels.put(key, c);
                port.channels.add(c);
                refusal = null;
            }
        }
        try {
            if (refusal == null) {
                ByteBuffer frame = ByteBuffer.allocate(4).putInt(0, Math.min(maxFrame - WireCodec.HEADER_SIZE,
                        transport.maxPayload()));
                link.send(new Packet(Packet.ACCEPT, (byte) 0, p.channel, port.number, window, frame));
            } else {
                link.send(new Packet(Packet.REJECT, (byte) 0, p.channel, 0, 0,
                        ByteBuffer.wrap(refusal.getBytes(StandardCharsets.UTF_8))));
            }
        } catch (IOException e) {
            log.debug("answer to CONNECT not sent: {}", e.getMessage());
        }
    }

    /**
     * The registry says a peer died: close the links to it, so that senders waiting for its
     * credit fail instead of waiting forever (a frozen peer keeps its TCP connections open).
     */
    private void peerDied(NodeIdentifier peer) {
        java.util.Set<PeerLink> links = new java.util.HashSet<>();
        outChannels.values().stream().filter(c -> c.link.peer().equals(peer)).forEach(c -> links.add(c.link));
        inChannels.values().stream().filter(c -> c.link.peer().equals(peer)).forEach(c -> links.add(c.link));
        for (PeerLink l : links) {
            if (l != loopback) {
                l.close("the registry reports " + peer + " dead");
            }
        }
    }

    @Override
    public void linkClosed(PeerLink link, Throwable cause) {
        String reason = "link to " + link.peer() + " closed" + (cause == null ? "" : ": " + cause.getMessage());
        for (OutChannel c : outChannels.values()) {
            if (c.link == link) {
                c.fail(reason);
            }
        }
        inChannels.entrySet().removeIf(e -> {
            if (e.getValue().link == link) {
                e.getValue().port.channels.remove(e.getValue());
                return true;
            }
            return false;
        });
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
