package satin.ipl.spi;

import java.nio.ByteBuffer;

import io.netty.buffer.ByteBuf;

/**
 * The unit transports carry. Fields by type ({@code channel} identifies one send-port-to-receive-port
 * connection and is chosen by the sending node):
 * <ul>
 * <li>HELLO: link handshake, used by transports only; payload is {@link WireCodec#writeHello}.</li>
 * <li>CONNECT: channel; port = port type bits; payload = receive port name and send port name.</li>
 * <li>ACCEPT: channel; port = receive port number; aux = flow window in bytes.</li>
 * <li>REJECT: channel; payload = reason (UTF-8).</li>
 * <li>DATA: channel; port = receive port number; flags FIRST/LAST; aux = total message size on FIRST.</li>
 * <li>CREDIT: channel; aux = bytes the sender may send again.</li>
 * <li>DISCONNECT: channel.</li>
 * </ul>
 */
public final class Packet {
    public static final byte HELLO = 1;
    public static final byte CONNECT = 2;
    public static final byte ACCEPT = 3;
    public static final byte REJECT = 4;
    public static final byte DATA = 5;
    public static final byte CREDIT = 6;
    public static final byte DISCONNECT = 7;
    public static final byte MAX_TYPE = DISCONNECT;

    public static final byte FLAG_FIRST = 1;
    public static final byte FLAG_LAST = 2;
    /** The message belongs to an unreliable port. */
    public static final byte FLAG_UNRELIABLE = 4;
    public static final byte KNOWN_FLAGS = FLAG_FIRST | FLAG_LAST | FLAG_UNRELIABLE;

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    public final byte type;
    public final byte flags;
    public final int channel;
    public final int port;
    public final int aux;
    /** Payload between position and limit; read-only by convention. */
    public final ByteBuffer payload;
    /**
     * True when the payload wraps a whole array that the transport hands over for good: the receiver may
     * keep that array instead of copying it (see {@link #ownedArray()}).
     */
    public final boolean owned;
    /**
     * Non-null when the payload lives in pooled memory: this buffer holds it (and {@link #payload} is a
     * view of it). Only links whose {@link PeerLink#pooledAllocator()} is non-null get such packets, and
     * they must release the buffer exactly once, after writing it or when the send fails.
     */
    public final ByteBuf pooled;

    public Packet(byte type, byte flags, int channel, int port, int aux, ByteBuffer payload) {
        this(type, flags, channel, port, aux, payload, false);
    }

    public Packet(byte type, byte flags, int channel, int port, int aux, ByteBuffer payload, boolean owned) {
        this(type, flags, channel, port, aux, payload, owned, null);
    }

    private Packet(byte type, byte flags, int channel, int port, int aux, ByteBuffer payload, boolean owned,
            ByteBuf pooled) {
        this.type = type;
        this.flags = flags;
        this.channel = channel;
        this.port = port;
        this.aux = aux;
        this.payload = payload == null ? EMPTY.duplicate() : payload;
        this.owned = owned;
        this.pooled = pooled;
    }

    /** A packet whose payload is the readable bytes of a pooled buffer, whose release passes to the link. */
    public static Packet pooled(byte type, byte flags, int channel, int port, int aux, ByteBuf buffer) {
        return new Packet(type, flags, channel, port, aux, buffer.nioBuffer(), false, buffer);
    }

    /** Releases the pooled buffer, if any (for a link that will not write the packet). */
    public void releasePooled() {
        if (pooled != null) {
            pooled.release();
        }
    }

    /** The payload's array if it is owned and exactly the payload, else null. */
    public byte[] ownedArray() {
        if (owned && payload.hasArray() && payload.arrayOffset() == 0 && payload.position() == 0
                && payload.remaining() == payload.array().length) {
            return payload.array();
        }
        return null;
    }

    public static Packet control(byte type, int channel, int port, int aux) {
        return new Packet(type, (byte) 0, channel, port, aux, null);
    }

    public boolean has(byte flag) {
        return (flags & flag) != 0;
    }

    public int payloadLength() {
        return payload.remaining();
    }

    @Override
    public String toString() {
        return "Packet[type=" + type + " flags=" + flags + " channel=" + channel + " port=" + port + " aux="
                + aux + " payload=" + payload.remaining() + "]";
    }
}
