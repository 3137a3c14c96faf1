package satin.ipl.spi;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;

/**
 * The frame format shared by the network transports, big-endian:
 * <pre>
 *   int length   bytes after this field (HEADER_SIZE + payload), at most the configured maximum
 *   int magic    'SATP'
 *   byte version 1
 *   byte type, byte flags, byte 0
 *   int channel, int port, int aux
 *   payload
 * </pre>
 * Decoding validates every field; any violation is a {@link ProtocolException} naming it.
 */
public final class WireCodec {
    public static final int MAGIC = 0x53415450;
    public static final byte VERSION = 1;
    /** Bytes after the length field before the payload. */
    public static final int HEADER_SIZE = 20;
    /** Largest string or address accepted inside a HELLO. */
    private static final int MAX_FIELD = 4096;

    private WireCodec() {
    }

    /** Length prefix plus header for a packet, to be followed by its payload. */
    public static ByteBuf encodeHeader(ByteBufAllocator alloc, Packet p) {
        ByteBuf b = alloc.buffer(4 + HEADER_SIZE);
        b.writeInt(HEADER_SIZE + p.payloadLength());
        b.writeInt(MAGIC);
        b.writeByte(VERSION);
        b.writeByte(p.type);
        b.writeByte(p.flags);
        b.writeByte(0);
        b.writeInt(p.channel);
        b.writeInt(p.port);
        b.writeInt(p.aux);
        return b;
    }

    /** A complete frame (length prefix, header, payload) in one buffer. */
    public static ByteBuf encode(ByteBufAllocator alloc, Packet p) {
        ByteBuf header = encodeHeader(alloc, p);
        if (p.payloadLength() == 0) {
            return header;
        }
        return Unpooled.wrappedBuffer(header, Unpooled.wrappedBuffer(p.payload.duplicate()));
    }

    /** A validated frame header; {@code length} counts header and payload, as on the wire. */
    public record Header(int length, byte type, byte flags, int channel, int port, int aux) {
        public int payloadLength() {
            return length - HEADER_SIZE;
        }

        public Packet packet(ByteBuffer payload, boolean owned) {
            return new Packet(type, flags, channel, port, aux, payload, owned);
        }
    }

    /**
     * Reads and validates a length prefix and header (4 + {@link #HEADER_SIZE} bytes, which must be
     * readable), for transports that read the payload themselves.
     */
    public static Header readHeader(ByteBuf in, int maxFrame) throws ProtocolException {
        int length = in.readInt();
        if (length < HEADER_SIZE || length > maxFrame) {
            throw new ProtocolException("frame length " + length + " outside " + HEADER_SIZE + ".." + maxFrame);
        }
        ByteBuf header = in.readSlice(HEADER_SIZE);
        Packet p = decode(header);
        return new Header(length, p.type, p.flags, p.channel, p.port, p.aux);
    }

    /**
     * Decodes a frame whose length prefix was already removed; the packet's payload is a view of the
     * frame (valid while the frame is).
     */
    public static Packet decode(ByteBuf frame) throws ProtocolException {
        if (frame.readableBytes() < HEADER_SIZE) {
            throw new ProtocolException("truncated frame: " + frame.readableBytes() + " bytes, header needs "
                    + HEADER_SIZE);
        }
        int magic = frame.readInt();
        if (magic != MAGIC) {
            throw new ProtocolException("bad magic 0x" + Integer.toHexString(magic));
        }
        byte version = frame.readByte();
        if (version != VERSION) {
            throw new ProtocolException("unsupported protocol version " + version + " (this node speaks "
                    + VERSION + ")");
        }
        byte type = frame.readByte();
        byte flags = frame.readByte();
        byte reserved = frame.readByte();
        if (type < HELLO_MIN || type > Packet.MAX_TYPE) {
            throw new ProtocolException("unknown packet type " + type);
        }
        if ((flags & ~Packet.KNOWN_FLAGS) != 0 || reserved != 0) {
            throw new ProtocolException("unknown flags " + flags + "/" + reserved);
        }
        int channel = frame.readInt();
        int port = frame.readInt();
        int aux = frame.readInt();
        ByteBuffer payload = frame.nioBuffer(frame.readerIndex(), frame.readableBytes());
        frame.skipBytes(frame.readableBytes());
        return new Packet(type, flags, channel, port, aux, payload);
    }

    private static final byte HELLO_MIN = Packet.HELLO;

    /** HELLO payload: pool name, node identifier, registration hash. */
    public static ByteBuffer writeHello(String pool, NodeIdentifier self, byte[] registrationHash) {
        ByteBuf b = Unpooled.buffer();
        writeString(b, pool);
        writeIdentifier(b, self);
        writeBytes(b, registrationHash);
        return b.nioBuffer();
    }

    /** Parsed HELLO payload. */
    public record Hello(String pool, NodeIdentifier node, byte[] registrationHash) {
        /** Null if compatible, else the reason for refusing the link. */
        public String incompatibility(String expectedPool, byte[] expectedHash) {
            if (!pool.equals(expectedPool)) {
                return "peer " + node + " is in pool '" + pool + "', this node in '" + expectedPool + "'";
            }
            if (!Arrays.equals(registrationHash, expectedHash)) {
                return "peer " + node + " has a different Kryo registration list (ipl.serialization.classes)";
            }
            return null;
        }
    }

    public static Hello readHello(ByteBuffer payload) throws ProtocolException {
        ByteBuf b = Unpooled.wrappedBuffer(payload.duplicate());
        try {
            Hello h = new Hello(readString(b), readIdentifier(b), readBytes(b));
            if (b.isReadable()) {
                throw new ProtocolException("HELLO has " + b.readableBytes() + " trailing bytes");
            }
            return h;
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new ProtocolException("malformed HELLO: " + e.getMessage());
        }
    }

    public static void writeIdentifier(ByteBuf b, NodeIdentifier n) {
        writeString(b, n.pool());
        writeString(b, n.id());
        writeString(b, n.location().toString());
        writeString(b, n.implementation());
        writeBytes(b, n.address());
    }

    public static NodeIdentifier readIdentifier(ByteBuf b) throws ProtocolException {
        String pool = readString(b);
        String id = readString(b);
        String location = readString(b);
        String impl = readString(b);
        byte[] address = readBytes(b);
        try {
            return new NodeIdentifier(pool, id, Location.parse(location), impl, address);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("malformed node identifier: " + e.getMessage());
        }
    }

    public static void writeString(ByteBuf b, String s) {
        writeBytes(b, s.getBytes(StandardCharsets.UTF_8));
    }

    public static String readString(ByteBuf b) throws ProtocolException {
        return new String(readBytes(b), StandardCharsets.UTF_8);
    }

    public static void writeBytes(ByteBuf b, byte[] bytes) {
        b.writeInt(bytes.length);
        b.writeBytes(bytes);
    }

    public static byte[] readBytes(ByteBuf b) throws ProtocolException {
        if (b.readableBytes() < 4) {
            throw new ProtocolException("truncated field length");
        }
        int n = b.readInt();
        if (n < 0 || n > MAX_FIELD || n > b.readableBytes()) {
            throw new ProtocolException("field length " + n + " out of range (" + b.readableBytes()
                    + " bytes left)");
        }
        byte[] out = new byte[n];
        b.readBytes(out);
        return out;
    }
}
