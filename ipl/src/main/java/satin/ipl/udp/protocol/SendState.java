package satin.ipl.udp.protocol;

import java.util.ArrayDeque;

/**
 * The sending half of a session: cuts queued messages into fragments, keeps at most
 * {@code min(sendWindow, advertised window)} of them in flight, retransmits on timeout or after being overtaken by
 * selectively acknowledged packets, and completes each message once the cumulative acknowledgement passes its
 * last fragment. Guarded by its own monitor: the event loop handles acknowledgements and timers while sending
 * threads queue and transmit new messages themselves (see {@link UdpEndpoint}).
 */
final class SendState {
    private static final int FAST_RETRANSMIT_THRESHOLD = 3;

    private final ProtocolConfig config;
    private final int fragmentPayload;
    private final PacketEncoder encoder;
    private final RttEstimator rtt;
    private final OutPacket[] ring;
    /** What the receiving kernel is assumed to charge per datagram beyond its payload. */
    private static final int DATAGRAM_OVERHEAD = 1024;

    /** Bytes in flight that fit half the peer's socket buffer (see the constructor). */
    private final long byteWindow;
    /** Payload plus {@link #DATAGRAM_OVERHEAD} of every packet sent and not yet cumulatively acknowledged. */
    private long bytesInFlight;
    private final ArrayDeque<OutMessage> queue = new ArrayDeque<>();
    /** Lowest unacknowledged sequence number. */
    private long una;
    private long nextSeq;
    private long highestSacked = -1;
    /** Send time and sequence number of the latest transmission known to have been received. */
    private long deliveredSent = Long.MIN_VALUE;
    private long deliveredSeq = -1;
    private int peerWindow;
    private long retransmissions;
    private long fastRetransmissions;
    /** Numbers this sender's successive streams; a new stream starts after {@link #fail}. */
    private int stream = 1;
    /** Last time the peer acknowledged anything, or the stream became busy; for the peer timeout. */
    private long lastProgress;

    SendState(ProtocolConfig config, PacketEncoder encoder, int fragmentPayload) {
        this.config = config;
        this.fragmentPayload = fragmentPayload;
        this.encoder = encoder;
        this.rtt = config.newRttEstimator();
        this.ring = new OutPacket[config.sendWindow()];
        // The receiving kernel drops whatever does not fit its socket buffer, and every drop costs a retransmission
        // (often a timeout). With large loopback fragments the packet window alone would allow several times the
        // buffer in flight, so bytes in flight are also capped at half the buffer (the kernel's per-datagram
        // overhead takes part of the rest). Counting bytes rather than full-sized packets keeps the whole packet
        // window open for small messages.
        this.byteWindow = config.socketBufferBytes() / 2;
        this.peerWindow = config.receiveWindow();
    }

    synchronized void enqueue(OutMessage m) {
        queue.add(m);
    }

    synchronized boolean idle() {
        return una == nextSeq && queue.isEmpty();
    }

    /** The estimator itself, for tests that drive this object from one thread. */
    RttEstimator rtt() {
        return rtt;
    }

    /** Smoothed round-trip time in nanoseconds. */
    synchronized long srtt() {
        return rtt.srtt();
    }

    synchronized long retransmissions() {
        return retransmissions;
    }

    /** Retransmissions triggered by selective acknowledgements rather than by the timer. */
    synchronized long fastRetransmissions() {
        return fastRetransmissions;
    }

    private OutPacket at(long seq) {
        return ring[(int) (seq % ring.length)];
    }

    /** Sends new fragments while the window allows. */
    synchronized void pump(long now, PacketSink out) {
        if (una == nextSeq) {
            lastProgress = now;
        }
        long window = Math.min(ring.length, Math.max(1, peerWindow));
        while (nextSeq - una < window && !queue.isEmpty()) {
            OutMessage m = queue.peek();
            int off = m.cursor;
            int len = Math.min(fragmentPayload, m.length() - off);
            if (bytesInFlight + len + DATAGRAM_OVERHEAD > byteWindow && nextSeq != una) {
                return;
            }
            bytesInFlight += len + DATAGRAM_OVERHEAD;
            int flags = (off == 0 ? Wire.FLAG_FIRST : 0) | (off + len == m.length() ? Wire.FLAG_LAST : 0);
            m.cursor = off + len;
            if ((flags & Wire.FLAG_LAST) != 0) {
                m.lastCut = true;
                queue.poll();
            }
            OutPacket p = new OutPacket(nextSeq++, flags, m, off, len);
            ring[(int) (p.seq % ring.length)] = p;
            transmit(p, now, out);
        }
    }

    private void transmit(OutPacket p, long now, PacketSink out) {
        if (p.transmissions > 0) {
            retransmissions++;
        }
        p.transmissions++;
        p.lastSent = now;
        out.send(encoder.data(stream, p.seq, now, p.flags, p.message, p.offset, p.length));
    }

    /** Returns false if the acknowledgement is inconsistent with what was sent (and was ignored). */
    synchronized boolean onAck(Packet.Ack ack, long now, PacketSink out) {
        if (ack.stream() != stream) {
            return true;
        }
        if (ack.cumulative() > nextSeq) {
            return false;
        }
        for (int i = 0; i < ack.ranges().length; i += 2) {
            if (ack.ranges()[i + 1] > nextSeq) {
                return false;
            }
        }
        lastProgress = now;
        if (ack.echoTimestamp() > 0 && ack.echoTimestamp() <= now) {
            rtt.sample(now - ack.echoTimestamp());
        }
        while (una < ack.cumulative()) {
            int slot = (int) (una % ring.length);
            OutPacket p = ring[slot];
            ring[slot] = null;
            una++;
            bytesInFlight -= p.length + DATAGRAM_OVERHEAD;
            noteDelivered(p);
            if (p.last()) {
                p.message.acknowledged.complete(null);
            }
        }
        for (int i = 0; i < ack.ranges().length; i += 2) {
            long from = Math.max(una, ack.ranges()[i]);
            long to = ack.ranges()[i + 1];
            for (long s = from; s < to; s++) {
                OutPacket p = at(s);
                if (!p.sacked) {
                    p.sacked = true;
                    noteDelivered(p);
                }
            }
            highestSacked = Math.max(highestSacked, to - 1);
        }
        peerWindow = ack.window();
        fastRetransmit(now, out);
        pump(now, out);
        return true;
    }

    /** Remembers the latest transmission known to have arrived (ordered by send time, then sequence number). */
    private void noteDelivered(OutPacket p) {
        if (p.lastSent > deliveredSent || p.lastSent == deliveredSent && p.seq > deliveredSeq) {
            deliveredSent = p.lastSent;
            deliveredSeq = p.seq;
        }
    }

    /**
     * A hole overtaken by at least three selectively acknowledged packets is taken as lost (the duplicate-ack
     * threshold of TCP). To resend each loss once per round trip rather than on every acknowledgement, a hole
     * qualifies only if its latest transmission went out before a transmission that has since arrived (the idea of
     * RACK, RFC 8985): a retransmission is itself presumed lost only when something sent after it got through.
     */
    private void fastRetransmit(long now, PacketSink out) {
        long limit = Math.min(nextSeq, highestSacked - FAST_RETRANSMIT_THRESHOLD + 1);
        for (long s = una; s < limit; s++) {
            OutPacket p = at(s);
            if (!p.sacked && (p.lastSent < deliveredSent || p.lastSent == deliveredSent && p.seq < deliveredSeq)) {
                transmit(p, now, out);
                fastRetransmissions++;
            }
        }
    }

    /**
     * Timer. A packet whose retransmission timeout expired is resent if it is a hole below the highest selectively
     * acknowledged packet (later packets got through, so it was lost). Of the expired packets beyond that point,
     * about which the receiver has said nothing yet, only the first is resent, as a probe: resending all of them
     * would double the load exactly when a slow receiver is the reason for the silence. RTO backs off once per
     * expiry event.
     *
     * @return false if the peer has acknowledged nothing for {@code peerTimeout} while data was outstanding
     */
    synchronized boolean onTick(long now, PacketSink out) {
        if (una < nextSeq && now - lastProgress > config.peerTimeout().toNanos()) {
            return false;
        }
        long rto = rtt.rto();
        boolean expired = false;
        for (long s = una; s < nextSeq; s++) {
            OutPacket p = at(s);
            if (!p.sacked && now - p.lastSent >= rto) {
                transmit(p, now, out);
                expired = true;
                if (s > highestSacked) {
                    break;
                }
            }
        }
        if (expired) {
            rtt.backoff();
        }
        pump(now, out);
        return true;
    }

    /** Fails every unacknowledged message and starts a fresh stream (peer restarted or endpoint closing). */
    synchronized void fail(Throwable cause) {
        for (long s = una; s < nextSeq; s++) {
            at(s).message.acknowledged.completeExceptionally(cause);
        }
        for (OutMessage m : queue) {
            m.acknowledged.completeExceptionally(cause);
        }
        queue.clear();
        java.util.Arrays.fill(ring, null);
        una = 0;
        nextSeq = 0;
        bytesInFlight = 0;
        stream++;
        highestSacked = -1;
        deliveredSent = Long.MIN_VALUE;
        deliveredSeq = -1;
        peerWindow = config.receiveWindow();
    }
}
