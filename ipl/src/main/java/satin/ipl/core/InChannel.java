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
 * back in batches of a quarter of the first window to keep control traffic small.
 *
 * <p>The window widens, doubling up to {@link #GROWTH} times the configured one, when it is what holds the
 * sender back: a DATA packet says its sender waited for credit ({@link Packet#FLAG_CREDIT_WAITED}) while every
 * message delivered before it has been taken. Credit then only comes back after a round trip, so a window
 * below the link's bandwidth-delay product caps the rate however fast both ends are (4 MiB at a 20 ms round
 * trip: 3 messages of 1 MiB per round trip, 96 against 109 MiB/s on a 1 Gbit/s link). A receiver whose
 * application lags keeps the window it has: there the window bounds what it buffers.
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
    /** The window may widen to this many times the configured one (4 MiB: 32 MiB, 1 Gbit/s at 250 ms). */
    static final int GROWTH = 8;

    final int id;
    final PeerLink link;
    final ReceivePortImpl port;
    final SendPortIdentifier origin;
    private final int creditBatch;
    private final int maxWindow;
    /** Guarded by this: the window granted so far, and the delivered messages not yet taken. */
    private int window;
    private int untaken;
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
        this.window = window;
        this.maxWindow = (int) Math.min(Integer.MAX_VALUE / 2, (long) window * GROWTH);
    }

    /**
     * Handles one DATA packet; called on the link's thread, so packets of a channel come in order. Copies
     * the payload out (or keeps the array a transport handed over); the caller releases the packet.
     */
    void onData(Packet p) throws ProtocolException {
        boolean unreliable = p.has(Packet.FLAG_UNRELIABLE);
        if (p.has(Packet.FLAG_CREDIT_WAITED) && !unreliable) {
            widen();
        }
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
        if (credit > 0) {
            synchronized (this) {
                untaken++;
            }
        }
        port.deliver(new MessageReaderImpl(message, size, origin, this, credit, port.serialization()),
                credit == 0);
    }

    /** The application took a message delivered by {@link #complete}; its credit goes back. */
    void taken(int credit) {
        if (credit > 0) {
            synchronized (this) {
                untaken--;
            }
            returnCredit(credit);
        }
    }

    /** Doubles the window (at most to its bound) when nothing delivered waits for the application. */
    private void widen() {
        int extra;
        synchronized (this) {
            if (untaken > 0 || window >= maxWindow) {
                return;
            }
            extra = Math.min(window, maxWindow - window);
            window += extra;
        }
        log.debug("channel {}: window widened to {} bytes", id, window());
        send(extra);
    }

    synchronized int window() {
        return window;
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
        send(grant);
    }

    private void send(int grant) {
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
