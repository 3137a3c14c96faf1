package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.spi.SelectorProvider;

/**
 * A Netty datagram channel together with its JDK socket, which other threads may also send on directly. A JDK
 * datagram channel is safe for concurrent use, and a datagram is sent whole or not at all, so a thread with a packet
 * ready can make the system call itself instead of handing the packet to the event loop and waking it: for a
 * request/reply exchange that hand-off is a large part of the round trip.
 */
final class DirectDatagramChannel {
    private final DatagramChannel socket;
    private final NioDatagramChannel channel;

    DirectDatagramChannel() throws IOException {
        this.socket = SelectorProvider.provider().openDatagramChannel();
        this.channel = new NioDatagramChannel(socket);
    }

    /** The Netty channel, to be registered with an event loop (which then owns the socket's life cycle). */
    NioDatagramChannel channel() {
        return channel;
    }

    /**
     * Sends the readable bytes of {@code packet} (a direct buffer, left untouched) now, from the calling thread.
     *
     * @return false if the socket's send buffer is full or the send failed; the caller then queues the packet
     */
    boolean trySend(ByteBuf packet, InetSocketAddress to) {
        try {
            return socket.send(packet.nioBuffer(), to) > 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
