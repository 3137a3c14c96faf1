package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;

/** Where a session writes its encoded packets; takes ownership of the buffer. */
@FunctionalInterface
public interface PacketSink {
    void send(ByteBuf packet);
}
