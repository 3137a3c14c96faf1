package satin.ipl.local;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.Reachability;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/**
 * In-process transport. Each node has one inbound thread, so packets arrive asynchronously and in the
 * order they were sent, like on a real link. A packet crosses as it is, its reference passing from the
 * sending core to the receiving one (the payload of a DATA packet is a slice of the sender's message
 * buffer, which the sender never changes after sending); a packet that cannot be delivered is released
 * here.
 */
final class LocalTransport implements Transport {
    private static final Logger log = LoggerFactory.getLogger(LocalTransport.class);

    private final LocalNetwork network;
    private final TransportContext context;
    private final String address;
    private final ExecutorService inbound;
    private final Map<NodeIdentifier, Link> links = new ConcurrentHashMap<>();
    private volatile NodeIdentifier self;
    private volatile boolean closed;

    LocalTransport(LocalNetwork network, TransportContext context) {
        this.network = network;
        this.context = context;
        this.address = network.register(this);
        this.inbound = Executors.newSingleThreadExecutor(new satin.ipl.spi.DaemonThreadFactory("ipl-local-" + address));
    }

    @Override
    public byte[] address() {
        return address.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void open(NodeIdentifier self) {
        this.self = self;
    }

    @Override
    public PeerLink link(NodeIdentifier peer, long timeoutMillis) throws IplException {
        Link existing = links.get(peer);
        if (existing != null && existing.isOpen()) {
            return existing;
        }
        LocalTransport remote = network.find(new String(peer.address(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (remote != null && !remote.closed && remote.self == null && System.nanoTime() < deadline) {
            // the peer joined the pool but has not opened its transport yet
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IplException("interrupted while connecting to " + peer, e);
            }
        }
        if (remote == null || remote.closed || remote.self == null) {
            throw new ConnectionRefusedException("node " + peer + " is not reachable in this LocalNetwork");
        }
        if (!remote.context.poolName().equals(context.poolName())
                || !Arrays.equals(remote.context.registrationHash(), context.registrationHash())) {
            throw new ConnectionRefusedException("node " + peer + " is in another pool or has a different"
                    + " Kryo registration list");
        }
        synchronized (this) {
            existing = links.get(peer);
            if (existing != null && existing.isOpen()) {
                return existing;
            }
            Link mine = new Link(this, peer);
            Link theirs = new Link(remote, self);
            mine.other = theirs;
            theirs.other = mine;
            remote.links.put(self, theirs);
            links.put(peer, mine);
            return mine;
        }
    }

    /** A node no longer in the network (closed) refuses, as the address of a process that is gone would. */
    @Override
    public Reachability probe(NodeIdentifier peer, long timeoutMillis) {
        LocalTransport remote = network.find(new String(peer.address(), StandardCharsets.UTF_8));
        if (remote == null || remote.closed) {
            return Reachability.REFUSES;
        }
        return Transport.super.probe(peer, timeoutMillis);
    }

    @Override
    public int maxPayload() {
        return 1 << 20;
    }

    @Override
    public void close() {
        closed = true;
        for (Link l : links.values()) {
            l.close("node closed");
        }
        network.unregister(address);
        inbound.shutdown();
    }

    /** Queues a packet for this node's inbound thread; takes it over. */
    private void deliver(Link link, Packet packet) {
        try {
            inbound.execute(() -> handOver(link, packet));
        } catch (RejectedExecutionException e) {
            packet.release();
            log.debug("packet for closed node dropped");
        }
    }

    private void handOver(Link link, Packet packet) {
        if (!link.isOpen()) {
            packet.release();
            return;
        }
        try {
            context.handler().received(link, packet);
        } catch (ProtocolException e) {
            log.warn("closing local link to {}: {}", link.peer(), e.getMessage());
            link.close(e.getMessage());
        }
    }

    /** One direction of an in-process link; {@code other} is the peer's end. */
    private static final class Link implements PeerLink {
        private final LocalTransport owner;
        private final NodeIdentifier peer;
        private volatile Link other;
        private volatile boolean open = true;

        Link(LocalTransport owner, NodeIdentifier peer) {
            this.owner = owner;
            this.peer = peer;
        }

        @Override
        public NodeIdentifier peer() {
            return peer;
        }

        @Override
        public void send(Packet packet) throws IplException {
            if (!open) {
                packet.release();
                throw new IplException("link to " + peer + " is closed");
            }
            other.owner.deliver(other, packet);
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close(String reason) {
            if (!open) {
                return;
            }
            open = false;
            owner.links.remove(peer, this);
            notifyClosed(owner, this, reason);
            Link o = other;
            if (o != null) {
                o.close("peer closed the link: " + reason);
            }
        }

        private static void notifyClosed(LocalTransport t, Link l, String reason) {
            try {
                t.inbound.execute(() -> t.context.handler().linkClosed(l, new IplException(reason)));
            } catch (RejectedExecutionException e) {
                t.context.handler().linkClosed(l, new IplException(reason));
            }
        }
    }
}
