package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;

/** Receives what an endpoint delivers; called on the endpoint's event-loop thread, so it must not block. */
public interface EndpointListener {
    /** A complete reliable message, delivered exactly once and in the order the peer sent it. */
    void onMessage(InetSocketAddress from, byte[] message);

    /** An unreliable datagram (may be lost, duplicated or reordered). */
    default void onDatagram(InetSocketAddress from, byte[] payload) {}

    /**
     * The streams with this peer ended (it restarted, stopped acknowledging for {@code peerTimeout}, or broke the
     * protocol); our unacknowledged messages to it failed with {@code cause}. Later traffic starts new streams.
     */
    default void onPeerLost(InetSocketAddress peer, PeerLostException cause) {}
}
