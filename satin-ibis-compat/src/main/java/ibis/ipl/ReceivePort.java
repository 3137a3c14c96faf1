package ibis.ipl;

import java.io.IOException;

/**
 * Takes connections from send ports and hands their messages to an upcall or to explicit receives. It takes
 * connections only after {@link #enableConnections()}, and gives upcalls only after {@link #enableMessageUpcalls()}.
 */
public interface ReceivePort extends Manageable {
    PortType getPortType();

    /** Waits for a message (explicit receipt only). */
    ReadMessage receive() throws IOException;

    /** Waits at most {@code timeoutMillis} (0 or less: no limit); {@link ReceiveTimedOutException} when none came. */
    ReadMessage receive(long timeoutMillis) throws IOException;

    /** A message if one is there, else null; on an upcall port always null. */
    ReadMessage poll() throws IOException;

    ReceivePortIdentifier identifier();

    String name();

    void enableConnections();

    void disableConnections();

    void enableMessageUpcalls();

    void disableMessageUpcalls();

    /** Closes the port once every connected send port has disconnected. */
    void close() throws IOException;

    /** As {@link #close()}, waiting at most {@code timeoutMillis} (0: as close(); less than 0: at once) for senders. */
    void close(long timeoutMillis) throws IOException;

    SendPortIdentifier[] connectedTo();

    /** Connections lost since the last call (port types with connection downcalls). */
    SendPortIdentifier[] lostConnections();

    /** Connections made since the last call (port types with connection downcalls). */
    SendPortIdentifier[] newConnections();
}
