package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;

/** Protocol state for one remote address: both stream halves plus the peer's incarnation. */
final class PeerSession {
    final InetSocketAddress peer;
    final SendState send;
    final ReceiveState receive;
    /** Queues packets on the event loop, flushed at the end of the current event (use on the event loop). */
    final PacketSink sink;
    /** Sends packets at once from the calling thread (use on other threads). */
    final PacketSink direct;
    long peerIncarnation;
    /** Queued in the endpoint's list of sessions whose acknowledgement must be flushed. */
    boolean ackScheduled;

    PeerSession(InetSocketAddress peer, ProtocolConfig config, PacketEncoder encoder, PacketSink sink,
                PacketSink direct, int headLength) {
        this.peer = peer;
        this.send = new SendState(config, encoder, config.fragmentPayloadFor(peer));
        this.receive = new ReceiveState(config, headLength);
        this.sink = sink;
        this.direct = direct;
    }

    /**
     * Records the incarnation carried by a packet. If it differs from a known one the peer restarted: both
     * streams are reset and the returned exception describes it; otherwise returns null.
     */
    PeerLostException observeIncarnation(long incarnation) {
        if (peerIncarnation == incarnation) {
            return null;
        }
        boolean restarted = peerIncarnation != 0;
        peerIncarnation = incarnation;
        if (!restarted) {
            return null;
        }
        PeerLostException lost = new PeerLostException(peer, "peer restarted");
        send.fail(lost);
        receive.forget();
        return lost;
    }
}
