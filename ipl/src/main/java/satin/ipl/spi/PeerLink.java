package satin.ipl.spi;

import java.io.IOException;

import io.netty.buffer.ByteBufAllocator;

import satin.ipl.NodeIdentifier;

/**
 * A connection to one peer node. {@link #send} is reliable and FIFO and does not wait for the peer's
 * application (the core's credit flow control bounds what is in flight); it may be called from any thread.
 */
public interface PeerLink {
    NodeIdentifier peer();

    /**
     * Queues a packet, taking it over (see the package overview): the link releases it once sent or dropped,
     * also when this method throws. Throws if the link is closed.
     */
    void send(Packet packet) throws IOException;

    /**
     * For unreliable ports: may drop the packet (releasing it) but never corrupts or half-delivers it. Takes
     * the packet over like {@link #send}.
     */
    default void sendUnreliable(Packet packet) throws IOException {
        send(packet);
    }

    /**
     * Where the core allocates the messages it sends on this link: the allocator of the pooled direct memory
     * a socket transport writes from without a copy, or null (the default) for unpooled heap buffers.
     */
    default ByteBufAllocator messageAllocator() {
        return null;
    }

    boolean isOpen();

    /** Closes the link; the handler gets {@link PacketHandler#linkClosed} with the reason. */
    void close(String reason);
}
