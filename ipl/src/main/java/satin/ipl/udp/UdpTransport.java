package satin.ipl.udp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.NodeIdentifier;
import satin.ipl.security.DatagramSecurity;
import satin.ipl.spi.AdvertisedAddress;
import satin.ipl.spi.ListenPorts;
import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;
import satin.ipl.udp.FaultInjector.Faults;
import satin.ipl.udp.protocol.EndpointListener;
import satin.ipl.udp.protocol.OutMessage;
import satin.ipl.udp.protocol.PeerLostException;
import satin.ipl.udp.protocol.UdpEndpoint;
import satin.ipl.udp.protocol.UdpEndpointBuilder;
import satin.ipl.wire.Hello;
import satin.ipl.wire.WireCodec;

/**
 * The {@code udp} transport: one {@link UdpEndpoint} per node. Every SPI packet is framed with {@link WireCodec}
 * and sent as one reliable protocol message (or one datagram for unreliable ports, when it fits). Links are keyed
 * by the peer's socket address and established by a HELLO exchange carried on the reliable stream itself, so the
 * peer always learns who we are before any other packet of ours. HELLO's {@code aux} says what it is:
 * {@value #HELLO_REQUEST} request, {@value #HELLO_REPLY} reply, {@value #HELLO_REFUSED} refusal (payload: the
 * reason), {@value #HELLO_BYE} the sender closed the link.
 *
 * <p>Packets follow the SPI's ownership rule: a reliable packet's payload becomes the body of the protocol message
 * that carries it, which releases it once the peer acknowledged it or the stream failed; an unreliable packet is
 * copied into its datagram and released at once; a received packet goes to the core, except a HELLO, which ends
 * here, and a packet on no established link, which is dropped here.
 */
final class UdpTransport implements Transport, EndpointListener {
    private static final Logger LOG = LoggerFactory.getLogger(UdpTransport.class);
    static final int HELLO_REQUEST = 0;
    static final int HELLO_REPLY = 1;
    static final int HELLO_REFUSED = 2;
    static final int HELLO_BYE = 3;
    private static final long BYE_GRACE_MILLIS = 500;
    /** Length prefix and header of a {@link WireCodec} frame: what the endpoint delivers apart from the payload. */
    private static final int FRAME_HEAD = WireCodec.FRAME_HEAD;

    private final TransportContext context;
    private final IplConfig config;
    private final int maxFrame;
    private final UdpEndpoint endpoint;
    private final byte[] address;
    private final Map<InetSocketAddress, UdpLink> links = new ConcurrentHashMap<>();
    private volatile NodeIdentifier self;
    private volatile boolean closed;

    UdpTransport(TransportContext context) throws IOException {
        this.context = context;
        this.config = context.config();
        this.maxFrame = config.getInt(IplProperties.MAX_FRAME_SIZE);
        this.endpoint = bind();
        this.address = UdpAddress.encode(AdvertisedAddress.host(config, endpoint.localAddress().getAddress()),
                endpoint.localAddress().getPort());
    }

    private UdpEndpoint bind() throws IOException {
        ListenPorts range = ListenPorts.of(config);
        String host = config.get(IplProperties.BIND_ADDRESS).trim();
        Faults faults = UdpSettings.faults(config);
        IOException last = null;
        for (int port = range.low(); port <= range.high(); port++) {
            UdpEndpointBuilder b = UdpEndpoint.builder(this).config(UdpSettings.protocol(config))
                    .splitHead(FRAME_HEAD).bind(new InetSocketAddress(host, port));
            if (UdpSettings.injectsFaults(faults)) {
                b.outboundFilter(() -> new FaultInjector(faults));
            }
            if (context.security().authenticates()) {
                b.guard(new DatagramSecurity(context.security(), context.poolName(),
                        () -> self == null ? null : self.location()));
            }
            try {
                return b.open();
            } catch (IOException e) {
                last = e;
            }
        }
        throw new IplException("no free UDP port on " + host + " in " + IplProperties.PORT_RANGE + " "
                + range.low() + "-" + range.high() + (last == null ? "" : ": " + last.getMessage()), last);
    }

    @Override
    public byte[] address() {
        return address.clone();
    }

    @Override
    public void open(NodeIdentifier me) {
        this.self = me;
    }

    @Override
    public int maxPayload() {
        return config.getInt(IplProperties.MAX_FRAME_SIZE) - WireCodec.HEADER_SIZE;
    }

    @Override
    public UdpLink link(NodeIdentifier peer, long timeoutMillis) throws IOException {
        if (self == null) {
            throw new IplException("udp transport not open yet: cannot link to " + peer);
        }
        InetSocketAddress target = UdpAddress.decode(peer.address());
        UdpLink link = links.computeIfAbsent(target, a -> new UdpLink(this, a, peer));
        if (!link.established.isDone() && link.helloSent.compareAndSet(false, true)) {
            sendReliable(target, hello(HELLO_REQUEST));
        }
        try {
            return link.established.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            links.remove(target, link);
            throw new ConnectionRefusedException("no answer from " + peer + " at " + target + " within "
                    + timeoutMillis + " ms");
        } catch (ExecutionException e) {
            links.remove(target, link);
            throw new ConnectionRefusedException("link to " + peer + " refused: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IplException("interrupted while linking to " + peer);
        }
    }

    private Packet hello(int kind) {
        return new Packet(Packet.HELLO, (byte) 0, 0, 0, kind,
                Hello.write(context.poolName(), self, context.registrationHash()));
    }

    private static Packet helloWithReason(int kind, String reason) {
        return new Packet(Packet.HELLO, (byte) 0, 0, 0, kind, Unpooled.copiedBuffer(reason, StandardCharsets.UTF_8));
    }

    /**
     * The reliable protocol message that carries {@code p}: its frame head, then its payload as it is, so that each
     * fragment is copied once. The message takes the packet's reference over.
     */
    private static OutMessage message(Packet p) {
        ByteBuf head = Unpooled.buffer(FRAME_HEAD, FRAME_HEAD);
        WireCodec.writeHead(head, p);
        return new OutMessage(head, p.content());
    }

    /** The whole frame of {@code p} in one array, for a datagram; releases the packet. */
    private static byte[] frame(Packet p) {
        try {
            return WireCodec.toArray(p);
        } finally {
            p.release();
        }
    }

    /** Sends {@code p} as one reliable message; takes the packet over. */
    void sendReliable(InetSocketAddress to, Packet p) throws IOException {
        try {
            endpoint.send(to, message(p));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IplException("interrupted while sending to " + to);
        } catch (IllegalStateException e) {
            throw new IplException("udp transport closed", e);
        }
    }

    /** Sends {@code p} as one datagram if it fits, else reliably; takes the packet over. */
    void sendUnreliable(InetSocketAddress to, Packet p) throws IOException {
        if (FRAME_HEAD + p.payloadLength() > endpoint.config().maxDatagramSize()) {
            // Too large for one datagram: the reliable stream carries it intact rather than in pieces.
            sendReliable(to, p);
            return;
        }
        byte[] bytes = frame(p);
        try {
            endpoint.sendDatagram(to, bytes);
        } catch (IllegalStateException e) {
            throw new IplException("udp transport closed", e);
        }
    }

    private Packet decode(byte[] message) throws ProtocolException {
        if (message.length < FRAME_HEAD) {
            throw new ProtocolException("udp message of " + message.length + " bytes has no frame header");
        }
        return decode(Arrays.copyOf(message, FRAME_HEAD), Arrays.copyOfRange(message, FRAME_HEAD, message.length));
    }

    /** The packet framed by {@code head}; its payload is {@code body}, handed over ({@link Packet#ofArray}). */
    private Packet decode(byte[] head, byte[] body) throws ProtocolException {
        if (head.length < FRAME_HEAD) {
            throw new ProtocolException("udp message of " + head.length + " bytes has no frame header");
        }
        WireCodec.Header h = WireCodec.readHeader(Unpooled.wrappedBuffer(head), maxFrame);
        if (h.payloadLength() != body.length) {
            throw new ProtocolException("frame length " + h.length() + " but message carries "
                    + (WireCodec.HEADER_SIZE + body.length));
        }
        return h.packet(body);
    }

    @Override
    public void onMessage(InetSocketAddress from, byte[] message) {
        handle(from, () -> decode(message), true);
    }

    @Override
    public void onMessage(InetSocketAddress from, byte[] head, byte[] body) {
        handle(from, () -> decode(head, body), true);
    }

    @Override
    public void onDatagram(InetSocketAddress from, byte[] payload) {
        handle(from, () -> decode(payload), false);
    }

    /** Decodes a received message. */
    private interface Decoding {
        Packet decode() throws ProtocolException;
    }

    private void handle(InetSocketAddress from, Decoding decoding, boolean reliable) {
        UdpLink link = links.get(from);
        try {
            Packet p = decoding.decode();
            if (p.type == Packet.HELLO) {
                try {
                    if (reliable) {
                        onHello(from, link, p);
                    }
                } finally {
                    p.release();
                }
                return;
            }
            if (link == null || !link.established.isDone() || !link.isOpen()) {
                p.release();
                LOG.debug("packet from {} without an established link dropped", from);
                return;
            }
            context.handler().received(link, p);
        } catch (ProtocolException e) {
            LOG.warn("closing udp link to {}: {}", from, e.getMessage());
            if (link != null) {
                closeLink(link, e.getMessage(), true);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("udp packet from {} failed: {}", from, e.toString());
        }
    }

    private void onHello(InetSocketAddress from, UdpLink link, Packet p) throws IOException {
        switch (p.aux) {
            case HELLO_REQUEST, HELLO_REPLY -> {
                Hello hello = Hello.read(p.content());
                String problem = self == null ? "node not started yet"
                        : hello.incompatibility(context.poolName(), context.registrationHash());
                if (problem != null) {
                    if (p.aux == HELLO_REQUEST) {
                        sendReliable(from, helloWithReason(HELLO_REFUSED, problem));
                    } else if (link != null) {
                        link.established.completeExceptionally(new IplException(problem));
                    }
                    return;
                }
                if (p.aux == HELLO_REQUEST) {
                    UdpLink accepted = links.compute(from, (a, old) -> old != null && old.isOpen() ? old
                            : new UdpLink(this, a, hello.node()));
                    accepted.establish(hello.node());
                    sendReliable(from, hello(HELLO_REPLY));
                } else if (link != null) {
                    link.establish(hello.node());
                }
            }
            case HELLO_REFUSED -> {
                if (link != null) {
                    link.established.completeExceptionally(new IplException(
                            p.content().toString(StandardCharsets.UTF_8)));
                }
            }
            case HELLO_BYE -> {
                if (link != null) {
                    closeLink(link, "peer closed the link: " + p.content().toString(StandardCharsets.UTF_8), false);
                }
            }
            default -> throw new ProtocolException("unknown HELLO kind " + p.aux);
        }
    }

    @Override
    public void onPeerLost(InetSocketAddress peer, PeerLostException cause) {
        UdpLink link = links.get(peer);
        if (link != null) {
            link.established.completeExceptionally(cause);
            closeLink(link, cause.getMessage(), false);
        }
    }

    /** Closes a link once: tells the peer (if asked to) and the core. */
    CompletableFuture<Void> closeLink(UdpLink link, String reason, boolean tellPeer) {
        links.remove(link.address, link);
        if (!link.markClosed()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> bye = CompletableFuture.completedFuture(null);
        if (tellPeer && link.established.isDone() && !link.established.isCompletedExceptionally()) {
            try {
                bye = endpoint.send(link.address, message(helloWithReason(HELLO_BYE, reason)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IllegalStateException e) {
                // endpoint already closed: the peer will notice through its own timeout
            }
        }
        if (link.established.isDone() && !link.established.isCompletedExceptionally()) {
            context.handler().linkClosed(link, new IplException(reason));
        }
        return bye;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<CompletableFuture<Void>> byes = new ArrayList<>();
        for (UdpLink link : List.copyOf(links.values())) {
            byes.add(closeLink(link, "node closed", true));
        }
        try {
            CompletableFuture.allOf(byes.toArray(CompletableFuture[]::new))
                    .get(BYE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("not every peer acknowledged the close: {}", e.toString());
        }
        endpoint.close();
    }
}
