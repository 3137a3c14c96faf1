package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;

/** Receives what an endpoint delivers; called on the endpoint's event-loop thread, so it must not block. */
public interface EndpointListener {
    /** A complete reliable message, delivered exactly once and in the order the peer sent it. */
    void onMessage(InetSocketAddress from, byte[] message);

    /**
     * A complete reliable message on an endpoint built with {@link UdpEndpointBuilder#splitHead}: its first
     * {@code min(headLength, length)} bytes and the rest, as two arrays the listener may keep. By default joined
     * and passed to {@link #onMessage(InetSocketAddress, byte[])}.
     */
    default void onMessage(InetSocketAddress from, byte[] head, byte[] body) {
        byte[] whole = java.util.Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, whole, head.length, body.length);
        onMessage(from, whole);
    }

    /** An unreliable datagram (may be lost, duplicated or reordered). */
    default void onDatagram(InetSocketAddress from, byte[] payload) {}

    /**
     * The streams with this peer ended (it restarted, stopped acknowledging for {@code peerTimeout}, or broke the
     * protocol); our unacknowledged messages to it failed with {@code cause}. Later traffic starts new streams.
     */
    default void onPeerLost(InetSocketAddress peer, PeerLostException cause) {}
}
