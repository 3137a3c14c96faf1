package satin.ipl.spi;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.DefaultByteBufHolder;
import io.netty.buffer.Unpooled;

/**
 * The unit transports carry: a header of five fields and a payload, a reference-counted {@link ByteBuf} of
 * which the packet holds one reference. Who releases it is the rule of the package overview: the packet's
 * holder, exactly once. Being a {@link io.netty.buffer.ByteBufHolder}, a packet can travel through a Netty
 * pipeline, which releases what no handler took.
 *
 * <p>Fields by type ({@code channel} identifies one send-port-to-receive-port connection and is chosen by
 * the sending node):
 * <ul>
 * <li>HELLO: link handshake, used by transports only.</li>
 * <li>CONNECT: channel; port = port type bits; payload = receive port name and send port name.</li>
 * <li>ACCEPT: channel; port = receive port number; aux = flow window in bytes; payload = the largest
 * fragment payload the receiver takes (int).</li>
 * <li>REJECT: channel; port = 1 if the sender may retry later (no such port yet, or it takes no connections
 * now), else 0; payload = reason (UTF-8).</li>
 * <li>DATA: channel; port = receive port number; flags FIRST/LAST; CREDIT_WAITED when the sender waited for credit
 * before it (the receiver may then widen the window); aux = total message size on FIRST, the fragment's offset
 * otherwise.</li>
 * <li>CREDIT: channel; aux = bytes the sender may send again.</li>
 * <li>DISCONNECT: channel; aux = 1 when the receive port closed, 0 when the send port did.</li>
 * </ul>
 */
public final class Packet extends DefaultByteBufHolder {
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
    /** The sender had to wait for credit before this DATA packet: the flow window, not the data, held it back. */
    public static final byte FLAG_CREDIT_WAITED = 8;
    public static final byte KNOWN_FLAGS = FLAG_FIRST | FLAG_LAST | FLAG_UNRELIABLE | FLAG_CREDIT_WAITED;

    public final byte type;
    public final byte flags;
    public final int channel;
    public final int port;
    public final int aux;
    /** The array a transport handed over with {@link #ofArray}, else null. */
    private final byte[] array;

    /** A packet that takes over the caller's reference to {@code payload}. */
    public Packet(byte type, byte flags, int channel, int port, int aux, ByteBuf payload) {
        this(type, flags, channel, port, aux, payload, null);
    }

    private Packet(byte type, byte flags, int channel, int port, int aux, ByteBuf payload, byte[] array) {
        super(payload);
        this.type = type;
        this.flags = flags;
        this.channel = channel;
        this.port = port;
        this.aux = aux;
        this.array = array;
    }

    /** A packet without payload. */
    public static Packet control(byte type, int channel, int port, int aux) {
        return new Packet(type, (byte) 0, channel, port, aux, Unpooled.EMPTY_BUFFER);
    }

    /**
     * A packet whose payload is {@code array}, which the caller hands over for good: it never touches the
     * array again. The receiver may then keep the array itself as the message ({@link #handedOverArray()}).
     */
    public static Packet ofArray(byte type, byte flags, int channel, int port, int aux, byte[] array) {
        return new Packet(type, flags, channel, port, aux, Unpooled.wrappedBuffer(array), array);
    }

    /**
     * The array given to {@link #ofArray} if the payload still is exactly that array, else null. Its holder
     * may keep it after releasing the packet: an unpooled heap buffer leaves its array to the garbage
     * collector, and nobody else refers to it.
     */
    public byte[] handedOverArray() {
        if (array == null) {
            return null;
        }
        ByteBuf b = content();
        return b.readerIndex() == 0 && b.readableBytes() == array.length ? array : null;
    }

    public boolean has(byte flag) {
        return (flags & flag) != 0;
    }

    public int payloadLength() {
        return content().readableBytes();
    }

    @Override
    public Packet replace(ByteBuf content) {
        return new Packet(type, flags, channel, port, aux, content);
    }

    @Override
    public Packet retain() {
        super.retain();
        return this;
    }

    @Override
    public Packet retain(int increment) {
        super.retain(increment);
        return this;
    }

    @Override
    public Packet touch() {
        super.touch();
        return this;
    }

    @Override
    public Packet touch(Object hint) {
        super.touch(hint);
        return this;
    }

    /** Identity, not payload equality: two packets are the same only if they are one object. */
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    @Override
    public String toString() {
        return "Packet[type=" + type + " flags=" + flags + " channel=" + channel + " port=" + port + " aux="
                + aux + " payload=" + (refCnt() > 0 ? payloadLength() + " bytes" : "released") + "]";
    }
}
