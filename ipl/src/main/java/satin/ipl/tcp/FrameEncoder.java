package satin.ipl.tcp;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;

import satin.ipl.spi.Packet;
import satin.ipl.wire.WireCodec;

/**
 * Writes packets as {@link WireCodec} frames. A payload of up to {@value #COPY_LIMIT} bytes is copied behind
 * its header into one buffer ({@link #copyFrame}); a larger one goes to the socket as a buffer of its own
 * right after its header, and the two leave in one gathering write, so the message's bytes are not copied
 * again. The encoder releases the packet once encoded (as every {@link MessageToMessageEncoder} does); a large
 * payload's own reference, taken for the write, is released by the channel once written or failed.
 */
@Sharable
final class FrameEncoder extends MessageToMessageEncoder<Packet> {
    /** Up to this size, copying the payload beside its header is cheaper than a second buffer. */
    static final int COPY_LIMIT = 2048;

    /** Whether {@code p} is framed by copying its payload (see {@link #copyFrame}). */
    static boolean copies(Packet p) {
        return p.payloadLength() <= COPY_LIMIT;
    }

    /** The whole frame of {@code p} in one new buffer from {@code alloc}; the caller keeps (and releases) p. */
    static ByteBuf copyFrame(ByteBufAllocator alloc, Packet p) {
        ByteBuf payload = p.content();
        int length = payload.readableBytes();
        ByteBuf frame = alloc.ioBuffer(WireCodec.FRAME_HEAD + length);
        WireCodec.writeHead(frame, p);
        frame.writeBytes(payload, payload.readerIndex(), length);
        return frame;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Packet p, List<Object> out) {
        if (copies(p)) {
            out.add(copyFrame(ctx.alloc(), p));
        } else {
            out.add(WireCodec.encodeHead(ctx.alloc(), p));
            out.add(p.content().retain());
        }
    }
}
