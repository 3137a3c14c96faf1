package satin.ipl.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.DaemonThreadFactory;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;

/**
 * A node's link to itself, the same for every implementation: packets go through one thread, in order, to
 * the node's own handler, which takes them over. A packet the link cannot queue is released here.
 */
final class LoopbackLink implements PeerLink {
    private static final Logger log = LoggerFactory.getLogger(LoopbackLink.class);

    private final NodeIdentifier self;
    private final PacketHandler handler;
    private final ExecutorService executor;
    private volatile boolean open = true;

    LoopbackLink(NodeIdentifier self, PacketHandler handler) {
        this.self = self;
        this.handler = handler;
        this.executor = Executors.newSingleThreadExecutor(new DaemonThreadFactory("ipl-loopback-" + self.id()));
    }

    @Override
    public NodeIdentifier peer() {
        return self;
    }

    @Override
    public void send(Packet packet) throws IplException {
        try {
            if (!open) {
                throw new RejectedExecutionException();
            }
            executor.execute(() -> deliver(packet));
        } catch (RejectedExecutionException e) {
            packet.release();
            throw new IplException("loopback link is closed");
        }
    }

    private void deliver(Packet packet) {
        try {
            handler.received(this, packet);
        } catch (ProtocolException e) {
            log.error("loopback protocol error: {}", e.getMessage());
        }
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    /** Packets already queued are still delivered (and released by the handler). */
    @Override
    public void close(String reason) {
        open = false;
        executor.shutdown();
    }
}
