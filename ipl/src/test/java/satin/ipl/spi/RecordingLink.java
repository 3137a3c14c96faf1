package satin.ipl.spi;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import satin.ipl.NodeIdentifier;

/**
 * A fake peer's link, or a transport's link underneath a decorator: records the types of the packets sent on it
 * and, taking them over, releases them. Open until closed.
 */
public final class RecordingLink implements PeerLink {
    private final NodeIdentifier peer;
    /** Types of the packets sent, in order. */
    public final List<Byte> sent = new CopyOnWriteArrayList<>();
    private volatile boolean open = true;

    public RecordingLink(NodeIdentifier peer) {
        this.peer = peer;
    }

    @Override
    public NodeIdentifier peer() {
        return peer;
    }

    @Override
    public void send(Packet packet) {
        sent.add(packet.type);
        packet.release();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close(String reason) {
        open = false;
    }
}
