package satin.ipl.wire;

import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import satin.ipl.NodeIdentifier;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireFields;

/**
 * The payload of a HELLO, the first packet on a link of a network transport: the sender's pool, identity and
 * Kryo registration hash ({@link WireFields} encodings). A link whose peer is in another pool or registered
 * other classes is refused.
 */
public record Hello(String pool, NodeIdentifier node, byte[] registrationHash) {
    /** The encoded HELLO of this node, in a new heap buffer. */
    public static ByteBuf write(String pool, NodeIdentifier self, byte[] registrationHash) {
        ByteBuf b = Unpooled.buffer();
        WireFields.writeString(b, pool);
        WireFields.writeIdentifier(b, self);
        WireFields.writeBytes(b, registrationHash);
        return b;
    }

    /** Parses a HELLO payload; reads {@code payload} without moving its indices. */
    public static Hello read(ByteBuf payload) throws ProtocolException {
        ByteBuf b = payload.duplicate();
        try {
            Hello h = new Hello(WireFields.readString(b), WireFields.readIdentifier(b), WireFields.readBytes(b));
            if (b.isReadable()) {
                throw new ProtocolException("HELLO has " + b.readableBytes() + " trailing bytes");
            }
            return h;
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new ProtocolException("malformed HELLO: " + e.getMessage());
        }
    }

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
