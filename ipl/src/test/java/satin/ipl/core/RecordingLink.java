package satin.ipl.core;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;

/** A fake peer's link: records the types of the packets the node sends it and, taking them over, releases them. */
final class RecordingLink implements PeerLink {
    private final NodeIdentifier peer;
    final List<Byte> sent = new CopyOnWriteArrayList<>();

    RecordingLink(NodeIdentifier peer) {
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
        return true;
    }

    @Override
    public void close(String reason) {
    }
}
