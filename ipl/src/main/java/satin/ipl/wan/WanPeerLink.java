package satin.ipl.wan;

import java.io.IOException;
import java.util.ArrayDeque;
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
 * A link whose sends are held back until the emulated arrival time computed by a {@link WanLink}. Reliable
 * packets wait in one FIFO queue per link, drained by at most one scheduled task at a time: their arrival times
 * are monotonic, so the queue is in arrival order and the inner link sees them in the order they were sent (the
 * scheduler's own order for equal or nearly equal deadlines is not trusted). Unreliable packets are scheduled
 * independently and may be reordered by jitter, like datagrams. Links without emulation pass packets straight
 * through.
 */
final class WanPeerLink implements PeerLink {
    private static final Logger LOG = LoggerFactory.getLogger(WanPeerLink.class);
    /** Framing bytes a network transport adds to each packet; they occupy the emulated link too. */
    private static final int FRAMING = 4 + WireCodec.HEADER_SIZE;

    /** A reliable packet on the emulated wire. */
    private record InFlight(long arrival, Packet packet) {}

    private final PeerLink inner;
    private final WanLink model;
    private final ScheduledExecutorService scheduler;
    private final LongSupplier clock;
    /** Guarded by {@code model}. */
    private final ArrayDeque<InFlight> reliable = new ArrayDeque<>();
    /** Guarded by {@code model}: whether a drain task is scheduled. */
    private boolean draining;

    WanPeerLink(PeerLink inner, WanLink model, ScheduledExecutorService scheduler, LongSupplier clock) {
        this.inner = inner;
        this.model = model;
        this.scheduler = scheduler;
        this.clock = clock;
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
        checkOpen();
        synchronized (model) {
            long arrival = model.schedule(packet.payloadLength() + FRAMING, true);
            reliable.add(new InFlight(arrival, packet));
            if (!draining) {
                draining = true;
                try {
                    at(arrival, this::drain);
                } catch (IOException e) {
                    reliable.clear();
                    draining = false;
                    throw e;
                }
            }
        }
    }

    /** Sends every queued reliable packet whose arrival time has come, then waits for the next one. */
    private void drain() {
        while (true) {
            InFlight next;
            synchronized (model) {
                next = reliable.peek();
                if (next == null) {
                    draining = false;
                    return;
                }
                if (next.arrival > clock.getAsLong()) {
                    try {
                        at(next.arrival, this::drain);
                    } catch (IOException e) {
                        reliable.clear();
                        draining = false;
                    }
                    return;
                }
                reliable.poll();
            }
            try {
                inner.send(next.packet);
            } catch (IOException e) {
                // The link closed while the packet was on the emulated wire; the core hears of the closure.
                LOG.debug("delayed packet to {} not sent: {}", peer(), e.getMessage());
            }
        }
    }

    @Override
    public void sendUnreliable(Packet packet) throws IOException {
        if (model.parameters().emulatesNothing()) {
            inner.sendUnreliable(packet);
            return;
        }
        checkOpen();
        long arrival;
        synchronized (model) {
            arrival = model.schedule(packet.payloadLength() + FRAMING, false);
        }
        if (arrival != WanLink.LOST) {
            at(arrival, () -> {
                try {
                    inner.sendUnreliable(packet);
                } catch (IOException e) {
                    LOG.debug("delayed datagram to {} not sent: {}", peer(), e.getMessage());
                }
            });
        }
    }

    private void checkOpen() throws IOException {
        if (!inner.isOpen()) {
            throw new IOException("link to " + peer() + " is closed");
        }
    }

    private void at(long time, Runnable task) throws IOException {
        try {
            scheduler.schedule(task, Math.max(0, time - clock.getAsLong()), TimeUnit.NANOSECONDS);
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
