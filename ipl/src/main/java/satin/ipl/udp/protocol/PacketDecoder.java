package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;

/**
 * Parses datagrams into {@link Packet}s, checking every field before it is used, so that no input, however
 * hostile, can cause more than a {@link MalformedPacketException}.
 */
public final class PacketDecoder {
    private final int maxMessageSize;
    private final int maxFragmentPayload;

    public PacketDecoder(int maxMessageSize, int maxFragmentPayload) {
        this.maxMessageSize = maxMessageSize;
        this.maxFragmentPayload = maxFragmentPayload;
    }

    public Packet decode(ByteBuf in) throws MalformedPacketException {
        int readable = in.readableBytes();
        if (readable < Wire.COMMON_HEADER) {
            throw new MalformedPacketException(DropReason.TRUNCATED, readable + " bytes");
        }
        int at = in.readerIndex();
        int magic = in.getUnsignedShort(at);
        if (magic != Wire.MAGIC) {
            throw new MalformedPacketException(DropReason.BAD_MAGIC, Integer.toHexString(magic));
        }
        int version = in.getUnsignedByte(at + 2);
        if (version != Wire.VERSION) {
            throw new MalformedPacketException(DropReason.BAD_VERSION, "version " + version);
        }
        int type = in.getUnsignedByte(at + 3);
        long incarnation = in.getLong(at + 4);
        if (incarnation == 0) {
            throw new MalformedPacketException(DropReason.BAD_FIELD, "zero incarnation");
        }
        return switch (type) {
            case Wire.TYPE_DATA -> decodeData(in, at, readable, incarnation);
            case Wire.TYPE_ACK -> decodeAck(in, at, readable, incarnation);
            case Wire.TYPE_DATAGRAM -> new Packet.Datagram(incarnation,
                    in.slice(at + Wire.COMMON_HEADER, readable - Wire.COMMON_HEADER));
            default -> throw new MalformedPacketException(DropReason.UNKNOWN_TYPE, "type " + type);
        };
    }

    private Packet decodeData(ByteBuf in, int at, int readable, long incarnation) throws MalformedPacketException {
        if (readable < Wire.DATA_HEADER) {
            throw new MalformedPacketException(DropReason.TRUNCATED, "data packet of " + readable + " bytes");
        }
        int stream = in.getInt(at + Wire.COMMON_HEADER);
        long seq = in.getLong(at + Wire.COMMON_HEADER + 4);
        long timestamp = in.getLong(at + Wire.COMMON_HEADER + 12);
        int flags = in.getUnsignedByte(at + Wire.COMMON_HEADER + 20);
        if (seq < 0 || stream <= 0) {
            throw new MalformedPacketException(DropReason.BAD_FIELD, "sequence " + seq + " of stream " + stream);
        }
        if ((flags & ~Wire.KNOWN_FLAGS) != 0) {
            throw new MalformedPacketException(DropReason.BAD_FIELD, "flags " + flags);
        }
        int headerEnd = Wire.DATA_HEADER;
        int total = -1;
        if ((flags & Wire.FLAG_FIRST) != 0) {
            if (readable < Wire.DATA_HEADER + Wire.FIRST_EXTRA) {
                throw new MalformedPacketException(DropReason.TRUNCATED, "first fragment without length");
            }
            total = in.getInt(at + Wire.DATA_HEADER);
            if (total < 0 || total > maxMessageSize) {
                throw new MalformedPacketException(DropReason.OVERSIZED, "message length " + total);
            }
            headerEnd += Wire.FIRST_EXTRA;
        }
        int payloadLength = readable - headerEnd;
        if (payloadLength > maxFragmentPayload) {
            throw new MalformedPacketException(DropReason.OVERSIZED, "fragment of " + payloadLength + " bytes");
        }
        if (total >= 0 && payloadLength > total) {
            throw new MalformedPacketException(DropReason.BAD_FIELD, "fragment longer than its message");
        }
        return new Packet.Data(incarnation, stream, seq, timestamp, flags, total, in.slice(at + headerEnd, payloadLength));
    }

    private Packet decodeAck(ByteBuf in, int at, int readable, long incarnation) throws MalformedPacketException {
        if (readable < Wire.ACK_HEADER) {
            throw new MalformedPacketException(DropReason.TRUNCATED, "ack of " + readable + " bytes");
        }
        int p = at + Wire.COMMON_HEADER;
        long acked = in.getLong(p);
        int stream = in.getInt(p + 8);
        long cumulative = in.getLong(p + 12);
        int window = in.getInt(p + 20);
        long echo = in.getLong(p + 24);
        int count = in.getUnsignedByte(p + 32);
        if (cumulative < 0 || window < 0 || stream <= 0) {
            throw new MalformedPacketException(DropReason.BAD_FIELD, "negative cumulative ack or window, or stream "
                    + stream);
        }
        if (count > Wire.MAX_SACK_RANGES) {
            throw new MalformedPacketException(DropReason.BAD_FIELD, count + " selective ranges");
        }
        if (readable != Wire.ACK_HEADER + count * Wire.SACK_RANGE_BYTES) {
            throw new MalformedPacketException(DropReason.TRUNCATED, "ack length " + readable + " for " + count
                    + " ranges");
        }
        long[] ranges = new long[count * 2];
        int r = at + Wire.ACK_HEADER;
        for (int i = 0; i < count; i++, r += Wire.SACK_RANGE_BYTES) {
            long offset = in.getUnsignedInt(r);
            long length = in.getUnsignedInt(r + 4);
            if (offset == 0 || length == 0) {
                throw new MalformedPacketException(DropReason.BAD_FIELD, "empty or zero-offset selective range");
            }
            ranges[2 * i] = cumulative + offset;
            ranges[2 * i + 1] = cumulative + offset + length;
        }
        return new Packet.Ack(incarnation, acked, stream, cumulative, window, echo, ranges);
    }
}
