package satin.ipl.tcp;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.wire.WireCodec;

/**
 * Turns the byte stream into {@link Packet}s. Once a header is validated, the payload is copied straight
 * from the socket buffers into a fresh array of exactly its size, which the packet hands over ({@link
 * Packet#ofArray}); the core keeps it as the message, so a received message is copied once. Bytes are taken as
 * they arrive, so that the decoder's cumulation buffer holds at most a header: it is neither copied into
 * nor grown by a payload spread over several reads. The array of a payload up to {@value #EAGER_BYTES}
 * bytes is made at once; a larger one only when its first {@value #EAGER_BYTES} bytes are there, so
 * memory follows what a peer really sent, not what its headers claim. A bad header raises a
 * {@link ProtocolException} (the {@link Handshake} or {@link LinkInbound} then closes the connection) and
 * everything after it is ignored.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    static final int EAGER_BYTES = 64 << 10;

    private final int maxFrame;
    private WireCodec.Header header;
    private byte[] payload;
    private int filled;
    private boolean failed;

    FrameDecoder(int maxFrame) {
        this.maxFrame = maxFrame;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws ProtocolException {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        while (true) {
            if (header == null) {
                if (in.readableBytes() < WireCodec.FRAME_HEAD) {
                    return;
                }
                try {
                    header = WireCodec.readHeader(in, maxFrame);
                } catch (ProtocolException e) {
                    failed = true;
                    in.skipBytes(in.readableBytes());
                    throw e;
                }
            }
            if (payload == null) {
                if (header.payloadLength() > EAGER_BYTES && in.readableBytes() < EAGER_BYTES) {
                    return;
                }
                payload = new byte[header.payloadLength()];
                filled = 0;
            }
            int n = Math.min(in.readableBytes(), payload.length - filled);
            in.readBytes(payload, filled, n);
            filled += n;
            if (filled < payload.length) {
                return;
            }
            out.add(header.packet(payload));
            header = null;
            payload = null;
        }
    }

    /** Bytes read from the socket but not yet taken into a header or payload. */
    int bufferedBytes() {
        return internalBuffer().readableBytes();
    }
}
