package satin.ipl.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.NodeIdentifier;
import satin.ipl.PortType;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPortIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireFields;

/**
 * The channel protocol between nodes (see the package overview): opens and closes channels (CONNECT,
 * ACCEPT, REJECT, DISCONNECT), routes DATA to the receiving half of its channel and CREDIT to the sending
 * half, and fails the channels of a link that closed or of a peer the registry reports dead. It is the
 * {@link PacketHandler} every transport of a node delivers to; {@link NodeImpl} keeps the node's life
 * cycle and its ports.
 *
 * <p>Every received packet is released here, once, when it has been handled (the SPI's ownership rule):
 * what outlives the call is copied out of it, or is the array a transport handed over.
 */
final class ChannelProtocol implements PacketHandler {
    private static final Logger log = LoggerFactory.getLogger(ChannelProtocol.class);
    /** The port field of a REJECT whose receiver may take the connection later (no such port yet, not now). */
    static final int REFUSED_FOR_NOW = 1;
    /** Smallest flow window a receiver may grant: a window must hold a fragment and its overhead. */
    static final int MIN_WINDOW = 4096;

    private final NodeImpl node;
    private final int window;
    private final Map<Integer, OutChannel> outChannels = new ConcurrentHashMap<>();
    private final Map<ChannelKey, InChannel> inChannels = new ConcurrentHashMap<>();
    private final AtomicInteger nextChannel = new AtomicInteger(1);

    /** A receiving half is named by the sending node and the number that node chose. */
    private record ChannelKey(NodeIdentifier peer, int channel) {
    }

    ChannelProtocol(NodeImpl node, int window) {
        this.node = node;
        this.window = window;
    }

    /**
     * Opens a channel from {@code port} to {@code target} over {@code link} by sending CONNECT; the
     * receiver's answer completes {@link OutChannel#accepted}.
     */
    OutChannel connect(PeerLink link, ReceivePortIdentifier target, SendPortImpl port) throws IOException {
        OutChannel c = new OutChannel(nextChannel.getAndIncrement(), link, target, port,
                target.node().sameCluster(node.identifier()));
        outChannels.put(c.id, c);
        ByteBuf names = Unpooled.buffer();
        WireFields.writeString(names, target.name());
        WireFields.writeString(names, port.identifier().name());
        try {
            link.send(new Packet(Packet.CONNECT, (byte) 0, c.id, port.type().bits(), 0, names));
        } catch (IOException e) {
            outChannels.remove(c.id, c);
            throw e;
        }
        return c;
    }

    /** Forgets a channel; with {@code tell} the receiver is told to drop its half. */
    void close(OutChannel c, boolean tell) {
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
        try {
            switch (p.type) {
                case Packet.CONNECT -> onConnect(link, p);
                case Packet.ACCEPT -> onAccept(link, p);
                case Packet.REJECT -> {
                    if (!abandoned(link, p)) {
                        ownChannel(link, p).fail(p.content().toString(StandardCharsets.UTF_8),
                                p.port == REFUSED_FOR_NOW);
                    }
                }
                case Packet.DATA -> onData(link, p);
                case Packet.CREDIT -> onCredit(link, p);
                case Packet.DISCONNECT -> onDisconnect(link, p);
                default -> throw new ProtocolException("unexpected packet type " + p.type + " after the handshake");
            }
        } finally {
            p.release();
        }
    }

    private OutChannel ownChannel(PeerLink link, Packet p) throws ProtocolException {
        OutChannel c = outChannels.get(p.channel);
        if (c == null || !c.link.peer().equals(link.peer())) {
            throw new ProtocolException("answer for unknown channel " + p.channel);
        }
        return c;
    }

    /**
     * Whether an ACCEPT or REJECT answers a channel this node opened and has given up on since (its connect timed
     * out, or it was closed): the answer is late, not a protocol error, so it is dropped; a late ACCEPT is answered
     * with DISCONNECT, so that the receiver drops its half too. Channel numbers are never reused, so a number below
     * the next one that is no longer open is such a channel.
     */
    private boolean abandoned(PeerLink link, Packet p) {
        if (outChannels.containsKey(p.channel) || p.channel <= 0 || p.channel >= nextChannel.get()) {
            return false;
        }
        log.debug("late answer for abandoned channel {} from {}", p.channel, link.peer());
        if (p.type == Packet.ACCEPT) {
            try {
                link.send(Packet.control(Packet.DISCONNECT, p.channel, 0, 0));
            } catch (IOException e) {
                log.debug("disconnect of abandoned channel {} not sent: {}", p.channel, e.getMessage());
            }
        }
        return true;
    }

    private void onAccept(PeerLink link, Packet p) throws ProtocolException {
        if (abandoned(link, p)) {
            return;
        }
        OutChannel c = ownChannel(link, p);
        if (p.payloadLength() != 4 || p.aux < MIN_WINDOW) {
            throw new ProtocolException("malformed ACCEPT for channel " + p.channel);
        }
        int peerMaxPayload = p.content().getInt(p.content().readerIndex());
        // at most what both sides' transports carry, and half the window: two fragments can be in flight
        int fragment = Math.min(Math.min(node.maxPayload(), peerMaxPayload), p.aux / 2 - InChannel.OVERHEAD);
        c.accepted(p.port, Math.max(1, fragment), p.aux);
    }

    private void onData(PeerLink link, Packet p) throws ProtocolException {
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

    private void onCredit(PeerLink link, Packet p) throws ProtocolException {
        OutChannel c = outChannels.get(p.channel);
        if (c != null && c.link.peer().equals(link.peer())) {
            if (p.aux <= 0) {
                throw new ProtocolException("CREDIT of " + p.aux + " bytes");
            }
            c.credit.grant(p.aux);
        }
    }

    private void onDisconnect(PeerLink link, Packet p) {
        if (p.aux == 1) {
            OutChannel c = outChannels.get(p.channel);
            if (c != null && c.link.peer().equals(link.peer())) {
                c.fail("receive port " + c.target + " was closed");
            }
        } else {
            InChannel c = inChannels.remove(new ChannelKey(link.peer(), p.channel));
            if (c != null) {
                c.port.detach(c, null);
            }
        }
    }

    private void onConnect(PeerLink link, Packet p) throws ProtocolException {
        ByteBuf b = p.content();
        String portName = WireFields.readString(b);
        String senderName = WireFields.readString(b);
        ChannelKey key = new ChannelKey(link.peer(), p.channel);
        if (inChannels.containsKey(key)) {
            throw new ProtocolException("CONNECT reuses channel " + p.channel);
        }
        PortType type;
        try {
            type = PortType.fromBits(p.port);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("CONNECT with invalid port type bits " + p.port);
        }
        ReceivePortImpl port = node.receivePort(portName);
        ReceivePortImpl.Refusal refusal;
        if (port == null) {
            refusal = new ReceivePortImpl.Refusal("no receive port '" + portName + "' on " + node.identifier(), true);
        } else {
            InChannel c = new InChannel(p.channel, link, port, new SendPortIdentifier(link.peer(), senderName),
                    window);
            refusal = port.attach(c, type);
            if (refusal == null) {
                inChannels.put(key, c);
            }
        }
        try {
            if (refusal == null) {
                link.send(new Packet(Packet.ACCEPT, (byte) 0, p.channel, port.number, window,
                        Unpooled.buffer(4).writeInt(node.maxPayload())));
            } else {
                link.send(new Packet(Packet.REJECT, (byte) 0, p.channel, refusal.mayRetry() ? REFUSED_FOR_NOW : 0, 0,
                        Unpooled.copiedBuffer(refusal.reason(), StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            log.debug("answer to CONNECT not sent: {}", e.getMessage());
        }
    }

    /**
     * The registry says a peer died: close the links to it, so that senders waiting for its credit fail
     * instead of waiting forever (a frozen peer keeps its TCP connections open).
     */
    void peerDied(NodeIdentifier peer) {
        if (peer.equals(node.identifier())) {
            return;
        }
        Set<PeerLink> links = new HashSet<>();
        outChannels.values().stream().filter(c -> c.link.peer().equals(peer)).forEach(c -> links.add(c.link));
        inChannels.values().stream().filter(c -> c.link.peer().equals(peer)).forEach(c -> links.add(c.link));
        for (PeerLink l : links) {
            l.close("the registry reports " + peer + " dead");
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
                e.getValue().port.detach(e.getValue(), cause == null ? new IOException(reason) : cause);
                return true;
            }
            return false;
        });
    }
}
