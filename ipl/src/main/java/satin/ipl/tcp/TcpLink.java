package satin.ipl.tcp;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;

import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;

/**
 * The link to a peer over an established tcp connection: a packet sent on it goes down the channel's
 * pipeline to the {@link FrameEncoder}, which takes it over, or, when it is small, is framed by the encoder's
 * copy on the sending thread, which then releases it. The core writes messages for it into the channel's
 * pooled direct memory.
 */
final class TcpLink implements PeerLink {
    private final Channel channel;
    private final NodeIdentifier peer;
    private volatile String closeReason;

    TcpLink(Channel channel, NodeIdentifier peer) {
        this.channel = channel;
        this.peer = peer;
    }

    @Override
    public NodeIdentifier peer() {
        return peer;
    }

    @Override
    public void send(Packet packet) throws IplException {
        if (!channel.isActive()) {
            packet.release();
            throw new IplException("connection to " + peer + " is closed"
                    + (closeReason == null ? "" : ": " + closeReason));
        }
        Object out = packet;
        if (FrameEncoder.copies(packet)) {
            // Framed here, on the sending thread, and the message's memory released here too: the event loop
            // that every connection of the node shares is the bottleneck of a stream of small messages, and
            // Netty recycles a buffer best on the thread that allocated it (a stream of 1-byte messages took
            // ~10% more processor time when the event loop did this).
            try {
                out = FrameEncoder.copyFrame(channel.alloc(), packet);
            } finally {
                packet.release();
            }
        }
        // from any thread; a write that fails (the connection closed meanwhile) is released by the channel
        channel.writeAndFlush(out, channel.voidPromise());
    }

    @Override
    public ByteBufAllocator messageAllocator() {
        return channel.alloc();
    }

    @Override
    public boolean isOpen() {
        return channel.isActive();
    }

    @Override
    public void close(String reason) {
        if (closeReason == null) {
            closeReason = reason;
        }
        channel.close();
    }

    /** Why this side closed the link, or null if the peer did. */
    String closeReason() {
        return closeReason;
    }

    @Override
    public String toString() {
        return "TcpLink[" + peer + " " + channel.remoteAddress() + "]";
    }
}
