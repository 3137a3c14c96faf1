package satin.ipl.udp.protocol;

/** A datagram that is not a valid packet of this protocol; the message names the reason. */
public final class MalformedPacketException extends Exception {
    private final DropReason reason;

    public MalformedPacketException(DropReason reason, String detail) {
        super(reason.description + ": " + detail, null, false, false);
        this.reason = reason;
    }

    public DropReason reason() {
        return reason;
    }
}
