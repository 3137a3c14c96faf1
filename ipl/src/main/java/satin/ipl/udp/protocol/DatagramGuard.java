package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;

import io.netty.buffer.ByteBuf;

/**
 * Protects every datagram of an endpoint (authentication, optionally encryption, replay protection) below the
 * reliable protocol: what it seals is an ordinary packet of this protocol, what it opens is handed to the
 * decoder. It may run its own exchange with a peer first (its messages never reach the protocol) and hold the
 * packets meanwhile. Implemented by {@code satin.ipl.security.DatagramSecurity}; without a guard the endpoint
 * sends its packets as they are.
 *
 * <p>Threads: {@link #seal} is called by any sending thread and the event loop; {@link #open} only on the event
 * loop.
 */
public interface DatagramGuard {

    /** What the guard may do through its endpoint. */
    interface Port {
        /** Sends a datagram (taken over) now. */
        void transmit(ByteBuf datagram, InetSocketAddress to);

        /** The peer refused this endpoint, or this endpoint refused the peer: its session fails with the reason. */
        void refused(InetSocketAddress peer, String reason);

        /** Where dropped datagrams are counted. */
        DropLog drops();
    }

    /** Called once, before any other method, by the endpoint that uses this guard. */
    void attach(Port port);

    /** Bytes a sealed datagram has beyond the packet it carries. */
    int overhead();

    /**
     * Seals a packet (taken over) for {@code to}: the datagram to send, or null when the guard holds the packet
     * until the peer's keys are agreed (it then transmits it itself) or dropped it.
     */
    ByteBuf seal(ByteBuf packet, InetSocketAddress to);

    /**
     * Opens a received datagram (left to the caller to release): the packet it carries (the caller releases it),
     * or null when the datagram was the guard's own or was dropped (and counted).
     */
    ByteBuf open(ByteBuf datagram, InetSocketAddress from);

    /** Releases what the guard holds. */
    void close();
}
