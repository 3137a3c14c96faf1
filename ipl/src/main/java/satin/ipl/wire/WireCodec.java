package satin.ipl.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;

import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;

/**
 * The frame format of the network transports, big-endian:
 * <pre>
 *   int length   bytes after this field (HEADER_SIZE + payload), at most the configured maximum
 *   int magic    'SATP'
 *   byte version 1
 *   byte type, byte flags, byte 0
 *   int channel, int port, int aux
 *   payload
 * </pre>
 * Decoding validates every field; any violation is a {@link ProtocolException} naming it. Encoding writes the
 * length prefix and header only: a transport sends the payload after it as it sees fit (tcp in the same
 * gathering write, udp as the body of one reliable message), without joining the two.
 */
public final class WireCodec {
    public static final int MAGIC = 0x53415450;
    public static final byte VERSION = 1;
    /** Bytes after the length field before the payload. */
    public static final int HEADER_SIZE = 20;
    /** The length prefix and header: what precedes a frame's payload. */
    public static final int FRAME_HEAD = 4 + HEADER_SIZE;

    private WireCodec() {
    }

    /** Writes the length prefix and header of {@code p}, to be followed by its payload. */
    public static void writeHead(ByteBuf out, Packet p) {
        out.writeInt(HEADER_SIZE + p.payloadLength());
        out.writeInt(MAGIC);
        out.writeByte(VERSION);
        out.writeByte(p.type);
        out.writeByte(p.flags);
        out.writeByte(0);
        out.writeInt(p.channel);
        out.writeInt(p.port);
        out.writeInt(p.aux);
    }

    /** The length prefix and header of {@code p} in a buffer of their own, from {@code alloc}. */
    public static ByteBuf encodeHead(ByteBufAllocator alloc, Packet p) {
        ByteBuf b = alloc.buffer(FRAME_HEAD);
        writeHead(b, p);
        return b;
    }

    /** The whole frame of {@code p} (length prefix, header, payload) in a new array; the caller keeps p. */
    public static byte[] toArray(Packet p) {
        ByteBuf payload = p.content();
        byte[] bytes = new byte[FRAME_HEAD + payload.readableBytes()];
        ByteBuf frame = Unpooled.wrappedBuffer(bytes).writerIndex(0);
        writeHead(frame, p);
        frame.writeBytes(payload, payload.readerIndex(), payload.readableBytes());
        return bytes;
    }

    /** A validated frame header; {@code length} counts header and payload, as on the wire. */
    public record Header(int length, byte type, byte flags, int channel, int port, int aux) {
        public int payloadLength() {
            return length - HEADER_SIZE;
        }

        /** The packet of this header whose payload is {@code payload}, handed over (see {@link Packet#ofArray}). */
        public Packet packet(byte[] payload) {
            return Packet.ofArray(type, flags, channel, port, aux, payload);
        }
    }

    /**
     * Reads and validates a length prefix and header ({@link #FRAME_HEAD} bytes, which must be readable), for
     * transports that read the payload themselves.
     */
    public static Header readHeader(ByteBuf in, int maxFrame) throws ProtocolException {
        int length = in.readInt();
        if (length < HEADER_SIZE || length > maxFrame) {
            throw new ProtocolException("frame length " + length + " outside " + HEADER_SIZE + ".." + maxFrame);
        }
        return header(in, length);
    }

    /**
     * Decodes a frame whose length prefix was already removed. The packet holds a retained slice of the
     * frame, so the caller releases both.
     */
    public static Packet decode(ByteBuf frame) throws ProtocolException {
        if (frame.readableBytes() < HEADER_SIZE) {
            throw new ProtocolException("truncated frame: " + frame.readableBytes() + " bytes, header needs "
                    + HEADER_SIZE);
        }
        Header h = header(frame, frame.readableBytes());
        return new Packet(h.type, h.flags, h.channel, h.port, h.aux, frame.readRetainedSlice(frame.readableBytes()));
    }

    private static Header header(ByteBuf in, int length) throws ProtocolException {
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new ProtocolException("bad magic 0x" + Integer.toHexString(magic));
        }
        byte version = in.readByte();
        if (version != VERSION) {
            throw new ProtocolException("unsupported protocol version " + version + " (this node speaks "
                    + VERSION + ")");
        }
        byte type = in.readByte();
        byte flags = in.readByte();
        byte reserved = in.readByte();
        if (type < Packet.HELLO || type > Packet.MAX_TYPE) {
            throw new ProtocolException("unknown packet type " + type);
        }
        if ((flags & ~Packet.KNOWN_FLAGS) != 0 || reserved != 0) {
            throw new ProtocolException("unknown flags " + flags + "/" + reserved);
        }
        int channel = in.readInt();
        int port = in.readInt();
        int aux = in.readInt();
        return new Header(length, type, flags, channel, port, aux);
    }
}
