package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;

/** A decoded packet. Payload buffers are slices of the received datagram, valid only while it is handled. */
public sealed interface Packet {
    /** The sender's incarnation. */
    long incarnation();

    /**
     * One fragment of a reliable message. {@code stream} numbers the sender's successive streams to this peer
     * (a sender that gave up on a peer starts a new stream at sequence number 0). {@code totalLength} is -1 unless
     * FIRST is set.
     */
    record Data(long incarnation, int stream, long seq, long timestamp, int flags, int totalLength, ByteBuf payload)
            implements Packet {
        public boolean first() {
            return (flags & Wire.FLAG_FIRST) != 0;
        }

        public boolean last() {
            return (flags & Wire.FLAG_LAST) != 0;
        }
    }

    /**
     * Acknowledgement of the data stream sent by the endpoint with incarnation {@code ackedIncarnation}.
     * {@code ranges} holds pairs [start, end) of absolute sequence numbers received above {@code cumulative}.
     */
    record Ack(long incarnation, long ackedIncarnation, int stream, long cumulative, int window, long echoTimestamp,
               long[] ranges) implements Packet {
        public int rangeCount() {
            return ranges.length / 2;
        }
    }

    /** An unreliable datagram. */
    record Datagram(long incarnation, ByteBuf payload) implements Packet {}
}
