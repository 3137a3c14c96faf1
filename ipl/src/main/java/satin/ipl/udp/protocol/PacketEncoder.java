package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/** Writes packets in the format {@link PacketDecoder} reads. */
public final class PacketEncoder {
    private final ByteBufAllocator alloc;
    private final long incarnation;

    public PacketEncoder(ByteBufAllocator alloc, long incarnation) {
        this.alloc = alloc;
        this.incarnation = incarnation;
    }

    public long incarnation() {
        return incarnation;
    }

    private ByteBuf header(int type, int capacity) {
        ByteBuf b = alloc.buffer(capacity);
        b.writeShort(Wire.MAGIC).writeByte(Wire.VERSION).writeByte(type).writeLong(incarnation);
        return b;
    }

    /** {@code totalLength} is written only when FLAG_FIRST is set. */
    ByteBuf data(int stream, long seq, long timestamp, int flags, OutMessage message, int off, int len) {
        ByteBuf b = dataHeader(stream, seq, timestamp, flags, message.length(), len);
        message.copyTo(b, off, len);
        return b;
    }

    /** {@code totalLength} is written only when FLAG_FIRST is set. */
    public ByteBuf data(int stream, long seq, long timestamp, int flags, int totalLength, byte[] payload, int off,
                        int len) {
        return dataHeader(stream, seq, timestamp, flags, totalLength, len).writeBytes(payload, off, len);
    }

    private ByteBuf dataHeader(int stream, long seq, long timestamp, int flags, int totalLength, int len) {
        ByteBuf b = header(Wire.TYPE_DATA, Wire.DATA_HEADER + Wire.FIRST_EXTRA + len);
        b.writeInt(stream).writeLong(seq).writeLong(timestamp).writeByte(flags);
        if ((flags & Wire.FLAG_FIRST) != 0) {
            b.writeInt(totalLength);
        }
        return b;
    }

    /** {@code ranges} holds absolute [start, end) pairs above {@code cumulative}; only {@code rangeCount} are used. */
    public ByteBuf ack(long ackedIncarnation, int stream, long cumulative, int window, long echo, long[] ranges,
                       int rangeCount) {
        ByteBuf b = header(Wire.TYPE_ACK, Wire.ACK_HEADER + rangeCount * Wire.SACK_RANGE_BYTES);
        b.writeLong(ackedIncarnation).writeInt(stream).writeLong(cumulative).writeInt(window).writeLong(echo).writeByte(rangeCount);
        for (int i = 0; i < rangeCount; i++) {
            b.writeInt((int) (ranges[2 * i] - cumulative)).writeInt((int) (ranges[2 * i + 1] - ranges[2 * i]));
        }
        return b;
    }

    public ByteBuf datagram(byte[] payload, int off, int len) {
        return header(Wire.TYPE_DATAGRAM, Wire.COMMON_HEADER + len).writeBytes(payload, off, len);
    }
}
