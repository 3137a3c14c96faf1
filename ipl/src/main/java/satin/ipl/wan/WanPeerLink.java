package satin.ipl.wan;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.netty.buffer.ByteBufAllocator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.wire.WireCodec;

/**
 * A link whose sends are held back until the emulated arrival time computed by a {@link WanLink}. Reliable
 * packets wait in one FIFO queue per link, drained by at most one scheduled task at a time: their arrival times
 * are monotonic, so the queue is in arrival order and the inner link sees them in the order they were sent (the
 * scheduler's own order for equal or nearly equal deadlines is not trusted). Unreliable packets are scheduled
 * independently and may be reordered by jitter, like datagrams. Links without emulation pass packets straight
 * through.
 *
 * <p>A packet on the emulated wire belongs to this link until it is passed to the inner link (which takes it
 * over) or dropped here: an emulated loss, a failed schedule, or {@link #drop} when the link closes or the
 * emulation stops. A delayed datagram sits in a slot; whoever empties the slot owns the packet.
 */
final class WanPeerLink implements PeerLink {
    private static final Logger LOG = LoggerFactory.getLogger(WanPeerLink.class);
    /** Framing bytes a network transport adds to each packet; they occupy the emulated link too. */
    private static final int FRAMING = WireCodec.FRAME_HEAD;

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
    /** Guarded by {@code model}: set by {@link #drop}; later packets are refused. */
    private boolean dropped;
    private final Set<AtomicReference<Packet>> datagrams = ConcurrentHashMap.newKeySet();

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
        checkOpen(packet);
        synchronized (model) {
            if (dropped) {
                packet.release();
                throw new IOException("link to " + peer() + " is closed");
            }
            long arrival = model.schedule(packet.payloadLength() + FRAMING, true);
            reliable.add(new InFlight(arrival, packet));
            if (!draining) {
                draining = true;
                try {
                    at(arrival, this::drain);
                } catch (IOException e) {
                    releaseQueued();
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
                        releaseQueued();
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

    /** Releases the queued reliable packets; the caller holds {@code model}. */
    private void releaseQueued() {
        for (InFlight f; (f = reliable.poll()) != null; ) {
            f.packet.release();
        }
        draining = false;
    }

    @Override
    public void sendUnreliable(Packet packet) throws IOException {
        if (model.parameters().emulatesNothing()) {
            inner.sendUnreliable(packet);
            return;
        }
        checkOpen(packet);
        long arrival;
        synchronized (model) {
            arrival = model.schedule(packet.payloadLength() + FRAMING, false);
        }
        if (arrival == WanLink.LOST) {
            packet.release();
            return;
        }
        AtomicReference<Packet> slot = new AtomicReference<>(packet);
        datagrams.add(slot);
        try {
            at(arrival, () -> {
                datagrams.remove(slot);
                Packet p = slot.getAndSet(null);
                if (p == null) {
                    return;
                }
                try {
                    inner.sendUnreliable(p);
                } catch (IOException e) {
                    LOG.debug("delayed datagram to {} not sent: {}", peer(), e.getMessage());
                }
            });
        } catch (IOException e) {
            datagrams.remove(slot);
            releaseSlot(slot);
            throw e;
        }
    }

    private static void releaseSlot(AtomicReference<Packet> slot) {
        Packet p = slot.getAndSet(null);
        if (p != null) {
            p.release();
        }
    }

    /**
     * The link closed or the emulation stopped: releases every packet still on the emulated wire, and refuses
     * reliable packets from now on.
     */
    void drop() {
        synchronized (model) {
            dropped = true;
            releaseQueued();
        }
        for (AtomicReference<Packet> slot : datagrams) {
            datagrams.remove(slot);
            releaseSlot(slot);
        }
    }

    private void checkOpen(Packet packet) throws IOException {
        if (!inner.isOpen()) {
            packet.release();
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

    /** The inner link's: the emulation delays a message's fragments, it never copies them. */
    @Override
    public ByteBufAllocator messageAllocator() {
        return inner.messageAllocator();
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
