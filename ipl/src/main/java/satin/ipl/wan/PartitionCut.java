package satin.ipl.wan;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.netty.buffer.ByteBufAllocator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.NetworkCut;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;

/**
 * A {@link NetworkCut} on the WAN layer: while the cut lasts, this node's links to other clusters hold the reliable
 * packets it sends and the packets that arrive on them, and lose the unreliable packets it sends; when the cut heals,
 * the held packets pass on in order (sent ones to the emulated link, received ones to the core). Links within the
 * node's cluster are never cut. The cut is applied at the cut node, in both directions, so the other nodes need no
 * switch of their own. Kept apart from the link emulation itself: a cut is fault injection, not a link property.
 *
 * <h2>Order</h2>
 * Per direction, a queue guarded by its owner's monitor, and a {@code releasing} flag: a packet arriving or sent while
 * the cut lasts, while the queue is not empty, or while the healing thread passes packets on, joins the queue, so
 * it is passed on after every packet held before it. The healing thread takes packets one at a time under the monitor
 * and passes each on outside it (the inner link and the core may take locks of their own).
 */
final class PartitionCut {
    private static final Logger LOG = LoggerFactory.getLogger(PartitionCut.class);

    private record Held(PeerLink link, Packet packet) {
    }

    private final NetworkCut cut;
    private final Predicate<NodeIdentifier> wideArea;
    private final PacketHandler core;
    private final Map<PeerLink, CutLink> links = new ConcurrentHashMap<>();
    /** Received packets held; guarded by this. */
    private final ArrayDeque<Held> inbound = new ArrayDeque<>();
    /** Guarded by this. */
    private boolean releasing;
    /** Guarded by this. */
    private boolean closed;

    /** @param wideArea whether a peer is in another cluster (links to it are cut) */
    PartitionCut(NetworkCut cut, Predicate<NodeIdentifier> wideArea, PacketHandler core) {
        this.cut = cut;
        this.wideArea = wideArea;
        this.core = core;
        cut.onHeal(this::heal);
    }

    /** The link the core sees for the emulated link {@code emulated}: the same object each time. */
    PeerLink outer(PeerLink emulated) {
        return links.computeIfAbsent(emulated, CutLink::new);
    }

    /** Whether traffic with {@code peer} is held now (the cut lasts and the peer is in another cluster). */
    boolean cuts(NodeIdentifier peer) {
        return cut.isCut() && wideArea.test(peer);
    }

    /** The link closed: forgets its wrapper. */
    void forget(PeerLink emulated) {
        links.remove(emulated);
    }

    /** A packet from {@code link} (a wrapper from {@link #outer}): held, or passed to the core now. */
    void received(PeerLink link, Packet packet) throws ProtocolException {
        if (wideArea.test(link.peer())) {
            synchronized (this) {
                if (closed) {
                    packet.release();
                    return;
                }
                if (cut.isCut() || releasing || !inbound.isEmpty()) {
                    inbound.add(new Held(link, packet));
                    return;
                }
            }
        }
        core.received(link, packet);
    }

    private void heal() {
        for (CutLink l : links.values()) {
            l.release();
        }
        synchronized (this) {
            if (releasing) {
                return; // another healing thread passes them on
            }
            releasing = true;
        }
        while (true) {
            Held h;
            synchronized (this) {
                h = inbound.poll();
                if (h == null || cut.isCut()) {
                    if (h != null) {
                        inbound.addFirst(h); // cut again meanwhile: the rest waits for the next heal
                    }
                    releasing = false;
                    return;
                }
            }
            try {
                core.received(h.link, h.packet);
            } catch (ProtocolException e) {
                h.link.close("protocol error after a healed network cut: " + e.getMessage());
            }
        }
    }

    /** The transport closes: releases every held packet. */
    void close() {
        synchronized (this) {
            closed = true;
            for (Held h; (h = inbound.poll()) != null; ) {
                h.packet.release();
            }
        }
        for (CutLink l : links.values()) {
            l.drop();
        }
    }

    /** An emulated link seen through the cut: holds what is sent on it while the cut lasts (wide-area links only). */
    private final class CutLink implements PeerLink {
        private final PeerLink inner;
        private final boolean cuttable;
        /** Guarded by this. */
        private final ArrayDeque<Packet> outbound = new ArrayDeque<>();
        /** Guarded by this. */
        private boolean releasing;
        /** Guarded by this. */
        private boolean dropped;

        CutLink(PeerLink inner) {
            this.inner = inner;
            this.cuttable = wideArea.test(inner.peer());
        }

        @Override
        public NodeIdentifier peer() {
            return inner.peer();
        }

        @Override
        public void send(Packet packet) throws IOException {
            if (cuttable) {
                synchronized (this) {
                    if (dropped) {
                        packet.release();
                        throw new IOException("link to " + peer() + " is closed");
                    }
                    if (cut.isCut() || releasing || !outbound.isEmpty()) {
                        outbound.add(packet);
                        return;
                    }
                }
            }
            inner.send(packet);
        }

        @Override
        public void sendUnreliable(Packet packet) throws IOException {
            if (cuttable && cut.isCut()) {
                packet.release(); // a datagram into a partition is lost
                return;
            }
            inner.sendUnreliable(packet);
        }

        void release() {
            synchronized (this) {
                if (releasing) {
                    return;
                }
                releasing = true;
            }
            while (true) {
                Packet p;
                synchronized (this) {
                    p = cut.isCut() ? null : outbound.poll();
                    if (p == null) {
                        releasing = false;
                        return;
                    }
                }
                try {
                    inner.send(p);
                } catch (IOException e) {
                    LOG.debug("packet held by a network cut to {} not sent: {}", peer(), e.getMessage());
                }
            }
        }

        void drop() {
            synchronized (this) {
                dropped = true;
                for (Packet p; (p = outbound.poll()) != null; ) {
                    p.release();
                }
            }
        }

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
}
