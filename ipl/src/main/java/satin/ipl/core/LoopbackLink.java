package satin.ipl.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;

/** A node's link to itself, the same for every implementation: packets go through one thread, in order. */
final class LoopbackLink implements PeerLink {
    private static final Logger log = LoggerFactory.getLogger(LoopbackLink.class);

    private final NodeIdentifier self;
    private final PacketHandler handler;
    private final ExecutorService executor;
    private volatile boolean open = true;

    LoopbackLink(NodeIdentifier self, PacketHandler handler) {
        this.self = self;
        this.handler = handler;
        this.executor = Executors.newSingleThreadExecutor(new satin.ipl.spi.DaemonThreadFactory("ipl-loopback-" + self.id()));
    }

    @Override
    public NodeIdentifier peer() {
        return self;
    }

    @Override
    public void send(Packet packet) throws IplException {
        if (!open) {
            throw new IplException("loopback link is closed");
        }
        try {
            executor.execute(() -> {
                try {
                    handler.received(this, packet);
                } catch (ProtocolException e) {
                    log.error("loopback protocol error: {}", e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            throw new IplException("loopback link is closed");
        }
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close(String reason) {
        open = false;
        executor.shutdown();
    }
}
