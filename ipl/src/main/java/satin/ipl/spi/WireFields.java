package satin.ipl.spi;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;

import satin.ipl.Location;
import satin.ipl.NodeIdentifier;

/**
 * The field encodings every IPL protocol shares (the channel protocol's CONNECT, the transports' HELLO, the
 * registry), big-endian: a byte string is an int length and the bytes, a string its UTF-8 bytes, a node
 * identifier its pool, id, location and implementation as strings followed by its address. Reading checks
 * every length against {@value #MAX_FIELD} and against the bytes left; a violation is a {@link
 * ProtocolException} naming it.
 */
public final class WireFields {
    /** Largest string or byte string accepted. */
    public static final int MAX_FIELD = 4096;

    private WireFields() {
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
