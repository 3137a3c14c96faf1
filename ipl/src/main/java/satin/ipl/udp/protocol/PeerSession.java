package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;

/** Protocol state for one remote address: both stream halves plus the peer's incarnation. */
final class PeerSession {
    final InetSocketAddress peer;
    final SendState send;
    final ReceiveState receive;
    final PacketSink sink;
    long peerIncarnation;
    /** Queued in the endpoint's list of sessions whose acknowledgement must be flushed. */
    boolean ackScheduled;

    PeerSession(InetSocketAddress peer, ProtocolConfig config, PacketEncoder encoder, PacketSink sink) {
        this.peer = peer;
        this.send = new SendState(config, encoder);
        this.receive = new ReceiveState(config);
        this.sink = sink;
    }

    /**
     * Records the incarnation carried by a packet; returns true if it differs from a known one, i.e. the peer
     * restarted and both streams were reset.
     */
    boolean observeIncarnation(long incarnation) {
        if (peerIncarnation == incarnation) {
            return false;
        }
        boolean restarted = peerIncarnation != 0;
        peerIncarnation = incarnation;
        if (restarted) {
            reset(new PeerRestartedException(peer, "peer restarted"));
        }
        return restarted;
    }

    void reset(Throwable cause) {
        send.fail(cause);
        receive.reset();
    }
}
