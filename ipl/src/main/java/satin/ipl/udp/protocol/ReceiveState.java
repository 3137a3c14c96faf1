package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The receiving half of a session: suppresses duplicates, buffers out-of-order fragments inside the receive
 * window, feeds fragments to reassembly strictly in sequence order and produces acknowledgements.
 * Single-threaded.
 */
final class ReceiveState {
    /** A buffered out-of-order fragment. */
    private record Held(int flags, int total, ByteBuf payload) {}

    /** Takes complete messages, split into head and body (see {@link Reassembly}). */
    @FunctionalInterface
    interface Delivery {
        void message(byte[] head, byte[] body);
    }

    private final Held[] ring;
    /** Next sequence number to deliver: everything below it was received. */
    private long next;
    private long highestReceived = -1;
    /** The peer's stream being received (0: none yet); older streams are stale, a newer one restarts at 0. */
    private int stream;
    /** Set after a stream violated the framing: its remaining packets are ignored. */
    private boolean poisoned;
    private int held;
    private Reassembly current;
    private long echo;
    private boolean ackDue;
    /** Set when the pending acknowledgement should go out at the end of this read batch, not at the next tick. */
    private boolean ackUrgent;
    /** In-order packets and payload bytes accepted since the last acknowledgement. */
    private int unacked;
    private long unackedBytes;
    private final int ackEveryPackets;
    private final int ackEveryBytes;
    private final long[] ranges = new long[2 * Wire.MAX_SACK_RANGES];
    private final int headLength;

    /** {@code headLength}: how many leading bytes of each message are delivered apart from the rest. */
    ReceiveState(ProtocolConfig config, int headLength) {
        this.headLength = headLength;
        this.ring = new Held[config.receiveWindow()];
        // Small enough that a sender's window (normally at least half the receive window, and at most half the
        // socket buffer in bytes) never waits for the timer: it hears about its data about eight times per
        // window. Large enough that request/reply traffic of small messages rarely needs an ack datagram, and
        // that a bulk stream of large loopback fragments does not pay an ack datagram (two system calls and
        // usually a wake-up on each side) per data packet.
        this.ackEveryPackets = Math.max(1, Math.min(16, config.receiveWindow() / 8));
        this.ackEveryBytes = Math.max(2 * config.fragmentPayload(), config.socketBufferBytes() / 16);
    }

    /**
     * Handles one DATA packet; complete messages go to {@code deliver} in order.
     *
     * @return null if accepted (or a harmless duplicate), else the reason it was dropped
     * @throws StreamViolation if the fragments contradict the message framing; the session must be reset
     */
    DropReason onData(Packet.Data d, Delivery deliver) throws StreamViolation {
        if (d.stream() < stream) {
            return DropReason.STALE;
        }
        if (d.stream() > stream) {
            reset();
            stream = d.stream();
        }
        if (poisoned) {
            return DropReason.STREAM_VIOLATION;
        }
        long seq = d.seq();
        if (seq >= next + ring.length) {
            return DropReason.OUT_OF_WINDOW;
        }
        ackDue = true;
        echo = d.timestamp();
        if (seq < next) {
            // The sender resends what we already have: our acknowledgement was lost or is late.
            ackUrgent = true;
            return null;
        }
        int slot = (int) (seq % ring.length);
        if (seq == next) {
            try {
                unackedBytes += d.payload().readableBytes();
                accept(d.flags(), d.totalLength(), d.payload(), deliver);
                next++;
                // Filling a hole, a sixteenth of the socket buffer or a run of packets is acknowledged at once;
                // otherwise the ack waits for the timer, so a request/reply exchange of small messages does not
                // pay for two extra datagrams per round trip.
                if (held > 0 || ++unacked >= ackEveryPackets || unackedBytes >= ackEveryBytes) {
                    ackUrgent = true;
                }
                drainHeld(deliver);
            } catch (StreamViolation v) {
                reset();
                poisoned = true;
                throw v;
            }
        } else {
            // Out of order: the sender needs the selective acknowledgement soon to repair the hole.
            ackUrgent = true;
            if (ring[slot] == null) {
                ring[slot] = new Held(d.flags(), d.totalLength(), Unpooled.copiedBuffer(d.payload()));
                held++;
                highestReceived = Math.max(highestReceived, seq);
            }
        }
        return null;
    }

    private void drainHeld(Delivery deliver) throws StreamViolation {
        while (held > 0) {
            int slot = (int) (next % ring.length);
            Held h = ring[slot];
            if (h == null) {
                return;
            }
            ring[slot] = null;
            held--;
            next++;
            try {
                accept(h.flags, h.total, h.payload, deliver);
            } finally {
                h.payload.release();
            }
        }
    }

    private void accept(int flags, int total, ByteBuf payload, Delivery deliver) throws StreamViolation {
        boolean first = (flags & Wire.FLAG_FIRST) != 0;
        boolean last = (flags & Wire.FLAG_LAST) != 0;
        if (first == (current != null)) {
            throw new StreamViolation(first ? "new message before the previous one ended"
                    : "continuation fragment without a first fragment");
        }
        if (first) {
            current = new Reassembly(total, headLength);
        }
        if (!current.append(payload)) {
            throw new StreamViolation("fragments exceed the announced message length");
        }
        if (last) {
            Reassembly done = current;
            current = null;
            if (!done.complete()) {
                throw new StreamViolation("last fragment before the announced length was reached");
            }
            deliver.message(done.head(), done.body());
        }
    }

    boolean ackDue() {
        return ackDue;
    }

    /** An acknowledgement is due and should not wait for the timer: out of order, duplicate or enough data. */
    boolean ackUrgent() {
        return ackDue && ackUrgent;
    }

    /** Encodes the current acknowledgement and clears the ack-due flag. */
    ByteBuf ack(PacketEncoder encoder, long ackedIncarnation) {
        ackDue = false;
        ackUrgent = false;
        unacked = 0;
        unackedBytes = 0;
        if (stream == 0) {
            throw new IllegalStateException("no stream to acknowledge");
        }
        int count = 0;
        long s = next + 1;
        while (held > 0 && s <= highestReceived && count < Wire.MAX_SACK_RANGES) {
            if (ring[(int) (s % ring.length)] == null) {
                s++;
                continue;
            }
            long start = s;
            while (s <= highestReceived && ring[(int) (s % ring.length)] != null) {
                s++;
            }
            ranges[2 * count] = start;
            ranges[2 * count + 1] = s;
            count++;
        }
        return encoder.ack(ackedIncarnation, stream, next, ring.length - held, echo, ranges, count);
    }

    /** Forgets the peer's streams entirely (the peer restarted). */
    void forget() {
        reset();
        stream = 0;
    }

    /** Drops all buffered state; the next packet of a newer stream starts at sequence number 0. */
    void reset() {
        poisoned = false;
        for (int i = 0; i < ring.length; i++) {
            if (ring[i] != null) {
                ring[i].payload.release();
                ring[i] = null;
            }
        }
        held = 0;
        next = 0;
        highestReceived = -1;
        current = null;
        ackDue = false;
        ackUrgent = false;
        unacked = 0;
        unackedBytes = 0;
    }

    /** Fragments contradicting the message framing. */
    static final class StreamViolation extends Exception {
        StreamViolation(String message) {
            super(message, null, false, false);
        }
    }
}
