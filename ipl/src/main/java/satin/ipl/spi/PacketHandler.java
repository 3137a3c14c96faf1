package satin.ipl.spi;

/** The core's side of a transport. Calls may come from transport threads; they never block for long. */
public interface PacketHandler {
    /**
     * A packet from a peer. The handler takes it over (see the package overview) and releases it, also when
     * it throws. A {@link ProtocolException} means the peer broke the protocol: the transport closes that
     * link and logs the reason.
     */
    void received(PeerLink link, Packet packet) throws ProtocolException;

    /** The link is closed (by either side, or because it broke); cause may be null. */
    void linkClosed(PeerLink link, Throwable cause);
}
