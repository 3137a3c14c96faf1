package satin.ipl.registry;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * How a registry server tells a connection it refuses for its join rate ({@link AdmissionControl}) why, before the
 * connection has any TLS or authentication, and how a member recognizes it. The server writes, as the only bytes of
 * the connection, {@value #MAGIC_TEXT}, a two-byte length and the reason in UTF-8, then closes. A member's first
 * handler ({@link Sniffer}) looks at the first four bytes the server sends: the marker becomes a {@link
 * JoinRefusedException} that names the rate limit and may succeed later ({@link JoinRefusedException#notYet}); anything
 * else (a TLS record, an authentication message {@code SAUT}, a registry frame's length) passes on unchanged and the
 * sniffer leaves the pipeline.
 */
final class RateLimitRefusal {
    static final String MAGIC_TEXT = "SRLR";
    static final int MAGIC = 0x53524c52;
    private static final int MAX_REASON = 1024;

    private RateLimitRefusal() {
    }

    static ByteBuf encode(ByteBufAllocator alloc, String reason) {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(text.length, MAX_REASON);
        return alloc.buffer(6 + length).writeInt(MAGIC).writeShort(length).writeBytes(text, 0, length);
    }

    /** A member's first handler: turns the server's rate-limit refusal into an exception. */
    static final class Sniffer extends ByteToMessageDecoder {
        private final String where;

        Sniffer(String where) {
            this.where = where;
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, java.util.List<Object> out) throws Exception {
            if (in.readableBytes() < 4) {
                return;
            }
            if (in.getInt(in.readerIndex()) != MAGIC) {
                ctx.pipeline().remove(this); // passes what it holds on: the connection was admitted
                return;
            }
            if (in.readableBytes() < 6) {
                return;
            }
            int length = in.getUnsignedShort(in.readerIndex() + 4);
            if (length > MAX_REASON) {
                throw new JoinRefusedException("registry server " + where + " refused this connection (a malformed "
                        + "rate-limit refusal)");
            }
            if (in.readableBytes() < 6 + length) {
                return;
            }
            String reason = in.toString(in.readerIndex() + 6, length, StandardCharsets.UTF_8);
            in.skipBytes(6 + length);
            throw new JoinRefusedException("registry server " + where + " refused this connection: " + reason, true);
        }
    }
}
