package satin.ipl.fuzz;

import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;

/** A link from a fake peer that swallows (and, taking it over, releases) whatever the node answers. */
record SinkLink(NodeIdentifier peer) implements PeerLink {
    @Override
    public void send(Packet packet) {
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
