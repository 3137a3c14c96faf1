package satin.ipl.wan;

import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.WireCodec;

/**
 * A link whose sends are held back until the emulated arrival time computed by a {@link WanLink}. All delayed
 * sends of a transport run on one scheduler thread in arrival order, and reliable arrivals are monotonic, so the
 * inner link still sees reliable packets in FIFO order. Links without emulation pass packets straight through.
 */
final class WanPeerLink implements PeerLink {
    private static final Logger LOG = LoggerFactory.getLogger(WanPeerLink.class);
    /** Framing bytes a network transport adds to each packet; they occupy the emulated link too. */
    private static final int FRAMING = 4 + WireCodec.HEADER_SIZE;

    private final PeerLink inner;
    private final WanLink model;
    private final ScheduledExecutorService scheduler;
    private final LongSupplier clock;

    WanPeerLink(PeerLink inner, WanLink model, ScheduledExecutorService scheduler, LongSupplier clock) {
        this.inner = inner;
        this.model = model;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    PeerLink inner() {
        return inner;
    }

    @Override
    public NodeIdentifier peer() {
        return inner.peer();
    }

    @Override
    public void send(Packet packet) throws IOException {
        if (model.parameters().emulatesNothing()) {
            inner.send(packet);
            return;
        }
        long arrival;
        synchronized (model) {
            arrival = model.schedule(packet.payloadLength() + FRAMING, true);
        }
        later(arrival, () -> inner.send(packet));
    }

    @Override
    public void sendUnreliable(Packet packet) throws IOException {
        if (model.parameters().emulatesNothing()) {
            inner.sendUnreliable(packet);
            return;
        }
        long arrival;
        synchronized (model) {
            arrival = model.schedule(packet.payloadLength() + FRAMING, false);
        }
        if (arrival != WanLink.LOST) {
            later(arrival, () -> inner.sendUnreliable(packet));
        }
    }

    /** A send that may fail with an I/O error. */
    private interface Send {
        void run() throws IOException;
    }

    private void later(long arrival, Send send) throws IOException {
        if (!inner.isOpen()) {
            throw new IOException("link to " + peer() + " is closed");
        }
        try {
            scheduler.schedule(() -> {
                try {
                    send.run();
                } catch (IOException e) {
                    // The link closed while the packet was on the emulated wire; the core hears of the closure.
                    LOG.debug("delayed packet to {} not sent: {}", peer(), e.getMessage());
                }
            }, Math.max(0, arrival - clock.getAsLong()), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            throw new IOException("WAN emulation for " + peer() + " has shut down", e);
        }
    }

    @Override
    public boolean isOpen() {
        return inner.isOpen();
    }

    @Override
    public void close(String reason) {
        inner.close(reason);
    }
}
