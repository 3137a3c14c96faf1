package satin.ipl;

/**
 * Told about the connections of one receive port ({@link Node#createReceivePort(PortType, String, MessageUpcall,
 * ConnectionUpcall)}): it decides whether a send port may connect and hears when a connection ends. Both run on the
 * transport's thread that handles the connection, so they must not block; the port's monitor is held during
 * {@link #gotConnection}, so it sees connections one at a time.
 */
public interface ConnectionUpcall {

    /** What a receive port answers a send port that connects. */
    enum Answer {
        /** The connection is made. */
        ACCEPT,
        /** Refused for good: the sender gets a {@link ConnectionRefusedException} that may not be retried. */
        REFUSE,
        /** Refused for now (the port does not take connections at the moment): the sender may retry. */
        NOT_NOW
    }

    /** A send port asks to connect to {@code port}; the type and pattern checks have passed. */
    Answer gotConnection(ReceivePortIdentifier port, SendPortIdentifier origin);

    /**
     * A connection ended: the sender disconnected or closed its port ({@code cause} null), or the link to its node
     * broke ({@code cause} says why). Not called for the connections the receive port's own close ends.
     */
    default void lostConnection(ReceivePortIdentifier port, SendPortIdentifier origin, Throwable cause) {
    }
}
