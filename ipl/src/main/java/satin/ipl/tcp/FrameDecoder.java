package satin.ipl.tcp;

import java.nio.ByteBuffer;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireCodec;

/**
 * Turns the byte stream into {@link Packet}s. Once a header is validated, the payload is copied straight
 * from the socket buffers into a fresh array of exactly its size, which the packet hands over ({@code
 * owned}); the core keeps it as the message, so a received message is copied once. A bad header raises
 * a {@link ProtocolException}; {@link TcpLink} then closes the connection.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    private final int maxFrame;
    private WireCodec.Header header;
    private byte[] payload;
    private int filled;

    FrameDecoder(int maxFrame) {
        this.maxFrame = maxFrame;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws ProtocolException {
        while (true) {
            if (header == null) {
                if (in.readableBytes() < 4 + WireCodec.HEADER_SIZE) {
                    return;
                }
                header = WireCodec.readHeader(in, maxFrame);
                payload = new byte[header.payloadLength()];
                filled = 0;
            }
            int n = Math.min(in.readableBytes(), payload.length - filled);
            in.readBytes(payload, filled, n);
            filled += n;
            if (filled < payload.length) {
                return;
            }
            out.add(header.packet(ByteBuffer.wrap(payload), true));
            header = null;
            payload = null;
        }
    }
}
