package satin.ipl.udp.protocol;

import java.io.IOException;
import java.net.InetSocketAddress;

/** Fails messages that were unacknowledged when their peer restarted or the endpoint closed. */
public final class PeerRestartedException extends IOException {
    public PeerRestartedException(InetSocketAddress peer, String why) {
        super(why + " (peer " + peer + "): unacknowledged messages were not delivered");
    }
}
