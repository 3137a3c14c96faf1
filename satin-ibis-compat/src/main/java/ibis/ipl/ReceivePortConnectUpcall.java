package ibis.ipl;

/** Hears the connections of a receive port: decides on each new one and is told when one is lost. */
public interface ReceivePortConnectUpcall {
    /** A send port asks to connect; true accepts. Must not block (it runs on a transport thread here). */
    boolean gotConnection(ReceivePort receiver, SendPortIdentifier applicant);

    /** A connection ended: the sender disconnected ({@code cause} null) or the link broke. */
    void lostConnection(ReceivePort receiver, SendPortIdentifier origin, Throwable cause);
}
