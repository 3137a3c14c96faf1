package satin.ipl.spi;

import java.io.IOException;

import satin.ipl.NodeIdentifier;

/**
 * A connection to one peer node. {@link #send} is reliable and FIFO and does not wait for the peer's
 * application (the core's credit flow control bounds what is in flight); it may be called from any thread.
 */
public interface PeerLink {
    NodeIdentifier peer();

    /**
     * Queues a packet. The transport owns the payload's bytes from now on (the core never changes them
     * afterwards). Throws if the link is closed.
     */
    void send(Packet packet) throws IOException;

    /** For unreliable ports: may drop the packet but never corrupts or half-delivers it. */
    default void sendUnreliable(Packet packet) throws IOException {
        send(packet);
    }

    /**
     * The allocator of pooled memory this link can write from directly, or null (the default) if it wants
     * heap payloads. A link that returns one may be sent packets with {@link Packet#pooled} buffers, which it
     * then owns and must release.
     */
    default io.netty.buffer.ByteBufAllocator pooledAllocator() {
        return null;
    }

    boolean isOpen();

    /** Closes the link; the handler gets {@link PacketHandler#linkClosed} with the reason. */
    void close(String reason);
}
