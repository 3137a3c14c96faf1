package satin.ipl.core;

import java.util.Arrays;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.SendPortIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;

/**
 * The receiving half of one connection: reassembles DATA fragments into messages and returns credit.
 * Credit for fragments of an unfinished message is returned at once (the sender already committed to the
 * whole message); credit for a completed message is returned when the application takes it. Credit goes
 * back in batches of a quarter window to keep control traffic small.
 */
final class InChannel {
    private static final Logger log = LoggerFactory.getLogger(InChannel.class);
    /** Credit charged per fragment on top of its payload, so that empty messages are bounded too. */
    static final int OVERHEAD = 32;
    /**
     * A message's buffer starts at this many times its first fragment (and grows as fragments arrive), so
     * that a forged message size cannot make a node reserve much more than a peer really sent.
     */
    private static final int INITIAL_FRAGMENTS = 8;

    final int id;
    final PeerLink link;
    final ReceivePortImpl port;
    final SendPortIdentifier origin;
    private final int creditBatch;
    private byte[] partial;
    private int total;
    private int filled;
    private int pendingCredit;
    private volatile boolean closed;

    InChannel(int id, PeerLink link, ReceivePortImpl port, SendPortIdentifier origin, int window) {
        this.id = id;
        this.link = link;
        this.port = port;
        this.origin = origin;
        this.creditBatch = Math.max(1, window / 4);
    }

    /**
     * Handles one DATA packet; called on the link's thread, so packets of a channel come in order. Copies
     * the payload out (or keeps the array a transport handed over); the caller releases the packet.
     */
    void onData(Packet p) throws ProtocolException {
        boolean unreliable = p.has(Packet.FLAG_UNRELIABLE);
        int len = p.payloadLength();
        byte[] whole = p.handedOverArray();
        if (whole != null && partial == null && p.has(Packet.FLAG_FIRST) && p.has(Packet.FLAG_LAST)
                && p.aux == len) {
            complete(whole, len, unreliable ? 0 : len + OVERHEAD);
            return;
        }
        if (p.has(Packet.FLAG_FIRST)) {
            if (partial != null && !unreliable) {
                throw new ProtocolException("channel " + id + ": new message before the previous one ended");
            }
            if (p.aux < len) {
                throw new ProtocolException("channel " + id + ": message size " + p.aux + " smaller than its first fragment");
            }
            total = p.aux;
            filled = 0;
            partial = new byte[(int) Math.min(total, Math.max(1L, (long) len * INITIAL_FRAGMENTS))];
        } else if (partial == null || p.aux != filled) {
            if (unreliable) {
                partial = null;
                return;
            }
            throw new ProtocolException("channel " + id + ": fragment at offset " + p.aux + " but "
                    + (partial == null ? "no message is in progress" : filled + " bytes were received"));
        }
        if (len > total - filled) {
            throw new ProtocolException("channel " + id + ": fragments exceed the message size " + total);
        }
        if (filled + len > partial.length) {
            partial = Arrays.copyOf(partial, (int) Math.min(total, Math.max(2L * partial.length, filled + len)));
        }
        p.content().getBytes(p.content().readerIndex(), partial, filled, len);
        filled += len;
        boolean last = p.has(Packet.FLAG_LAST);
        if (!last) {
            if (!unreliable) {
                returnCredit(len + OVERHEAD);
            }
            return;
        }
        if (filled != total) {
            throw new ProtocolException("channel " + id + ": last fragment leaves " + (total - filled) + " bytes missing");
        }
        byte[] message = partial;
        partial = null;
        complete(message, total, unreliable ? 0 : len + OVERHEAD);
    }

    /**
     * Hands a complete message to the port; {@code credit} (owed for its last fragment) goes back to the
     * sender when the application takes the message.
     */
    private void complete(byte[] message, int size, int credit) {
        if (closed) {
            returnCredit(credit);
            return;
        }
        port.deliver(new MessageReaderImpl(message, size, origin, this, credit, port.serialization()),
                credit == 0);
    }

    void returnCredit(int bytes) {
        if (bytes <= 0) {
            return;
        }
        int grant;
        synchronized (this) {
            pendingCredit += bytes;
            if (pendingCredit < creditBatch) {
                return;
            }
            grant = pendingCredit;
            pendingCredit = 0;
        }
        try {
            link.send(Packet.control(Packet.CREDIT, id, 0, grant));
        } catch (Exception e) {
            log.debug("credit for channel {} not sent: {}", id, e.getMessage());
        }
    }

    /** The receive port closed: drop further data, tell the sender. */
    void closeByReceiver() {
        closed = true;
        try {
            link.send(Packet.control(Packet.DISCONNECT, id, 0, 1));
        } catch (Exception e) {
            log.debug("disconnect for channel {} not sent: {}", id, e.getMessage());
        }
    }

    boolean isClosed() {
        return closed;
    }
}
