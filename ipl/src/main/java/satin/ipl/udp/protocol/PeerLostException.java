package satin.ipl.udp.protocol;

import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The stream to a peer ended: it restarted, stopped answering, violated the protocol, or this endpoint closed.
 * Messages still unacknowledged at that point fail with this exception.
 */
public final class PeerLostException extends IOException {
    private final InetSocketAddress peer;

    public PeerLostException(InetSocketAddress peer, String why) {
        super(why + " (peer " + peer + "); unacknowledged messages were not delivered");
        this.peer = peer;
    }

    public InetSocketAddress peer() {
        return peer;
    }
}
