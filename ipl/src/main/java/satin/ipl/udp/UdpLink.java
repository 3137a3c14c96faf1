package satin.ipl.udp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import io.netty.buffer.ByteBufAllocator;
import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;

/**
 * The link to one peer address. It becomes usable once the HELLO exchange completed ({@link #established});
 * after that every packet is one reliable protocol message, or one datagram for unreliable ports.
 */
final class UdpLink implements PeerLink {
    private final UdpTransport transport;
    final InetSocketAddress address;
    private volatile NodeIdentifier peer;
    final CompletableFuture<UdpLink> established = new CompletableFuture<>();
    final AtomicBoolean helloSent = new AtomicBoolean();
    private final AtomicBoolean open = new AtomicBoolean(true);

    UdpLink(UdpTransport transport, InetSocketAddress address, NodeIdentifier peer) {
        this.transport = transport;
        this.address = address;
        this.peer = peer;
    }

    void establish(NodeIdentifier who) {
        this.peer = who;
        established.complete(this);
    }

    @Override
    public NodeIdentifier peer() {
        return peer;
    }

    @Override
    public void send(Packet packet) throws IOException {
        checkOpen(packet);
        transport.sendReliable(address, packet);
    }

    @Override
    public void sendUnreliable(Packet packet) throws IOException {
        checkOpen(packet);
        transport.sendUnreliable(address, packet);
    }

    /**
     * Messages are written into pooled memory; the protocol reads a message's fragments from it until the
     * peer acknowledged the whole message (for retransmissions), then releases it.
     */
    @Override
    public ByteBufAllocator messageAllocator() {
        return ByteBufAllocator.DEFAULT;
    }

    /** Throws if the link is closed, releasing the packet, which will never be sent. */
    private void checkOpen(Packet packet) throws IplException {
        if (!open.get()) {
            packet.release();
            throw new IplException("udp link to " + peer + " at " + address + " is closed");
        }
    }

    @Override
    public boolean isOpen() {
        return open.get();
    }

    /** Marks the link closed; returns true for the one caller that actually closed it. */
    boolean markClosed() {
        return open.compareAndSet(true, false);
    }

    @Override
    public void close(String reason) {
        transport.closeLink(this, reason, true);
    }

    @Override
    public String toString() {
        return "UdpLink[" + peer + " at " + address + "]";
    }
}
