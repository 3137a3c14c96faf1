package ibis.ipl;

import java.io.IOException;
import java.util.Map;

/**
 * Connects to receive ports and sends messages to them. One message is alive at a time: {@link #newMessage()} waits
 * for the previous one to finish. A message on a port without connections is dropped.
 */
public interface SendPort extends Manageable {
    PortType getPortType();

    WriteMessage newMessage() throws IOException;

    SendPortIdentifier identifier();

    String name();

    /** Connects; waits for a receive port that does not exist yet or does not take connections yet. */
    void connect(ReceivePortIdentifier receiver) throws ConnectionFailedException;

    /**
     * Connects within {@code timeoutMillis} (0: no limit); with {@code fillTimeout}, failed attempts are retried until
     * the timeout. A receive port that does not exist yet is waited for either way, up to the timeout.
     */
    void connect(ReceivePortIdentifier receiver, long timeoutMillis, boolean fillTimeout)
            throws ConnectionFailedException;

    ReceivePortIdentifier connect(IbisIdentifier ibisIdentifier, String receivePortName)
            throws ConnectionFailedException;

    ReceivePortIdentifier connect(IbisIdentifier ibisIdentifier, String receivePortName, long timeoutMillis,
            boolean fillTimeout) throws ConnectionFailedException;

    void connect(ReceivePortIdentifier[] receivePortIdentifiers) throws ConnectionsFailedException;

    void connect(ReceivePortIdentifier[] receivePortIdentifiers, long timeoutMillis, boolean fillTimeout)
            throws ConnectionsFailedException;

    ReceivePortIdentifier[] connect(Map<IbisIdentifier, String> ports) throws ConnectionsFailedException;

    ReceivePortIdentifier[] connect(Map<IbisIdentifier, String> ports, long timeoutMillis, boolean fillTimeout)
            throws ConnectionsFailedException;

    void disconnect(ReceivePortIdentifier receiver) throws IOException;

    void disconnect(IbisIdentifier ibisIdentifier, String receivePortName) throws IOException;

    /** Closes the port; an unfinished message is an error (the port is closed all the same). */
    void close() throws IOException;

    ReceivePortIdentifier[] connectedTo();

    /** Connections lost since the last call (port types with connection downcalls). */
    ReceivePortIdentifier[] lostConnections();
}
