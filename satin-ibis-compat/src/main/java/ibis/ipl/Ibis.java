package ibis.ipl;

import java.io.IOException;
import java.util.Properties;

/**
 * One Ibis instance, a member of a pool; made by {@link IbisFactory}. It creates send and receive ports of the port
 * types declared at creation and gives the {@link Registry}.
 */
public interface Ibis extends Manageable {
    /** Leaves the pool (others may hear {@code left}) and closes every port of this instance. */
    void end() throws IOException;

    Registry registry();

    /** Polls the network; upcalls here never need polling, so this does nothing. */
    void poll() throws IOException;

    IbisIdentifier identifier();

    String getVersion();

    /** The properties the instance was created with (defaults and the program's). */
    Properties properties();

    SendPort createSendPort(PortType portType) throws IOException;

    SendPort createSendPort(PortType portType, String sendPortName) throws IOException;

    SendPort createSendPort(PortType portType, String sendPortName, SendPortDisconnectUpcall sendPortDisconnectUpcall,
            Properties properties) throws IOException;

    /** An explicit-receipt receive port; it takes connections once {@link ReceivePort#enableConnections()} ran. */
    ReceivePort createReceivePort(PortType portType, String receivePortName) throws IOException;

    /** An upcall receive port; upcalls start with {@link ReceivePort#enableMessageUpcalls()}. */
    ReceivePort createReceivePort(PortType portType, String receivePortName, MessageUpcall messageUpcall)
            throws IOException;

    ReceivePort createReceivePort(PortType portType, String receivePortName,
            ReceivePortConnectUpcall receivePortConnectUpcall) throws IOException;

    ReceivePort createReceivePort(PortType portType, String receivePortName, MessageUpcall messageUpcall,
            ReceivePortConnectUpcall receivePortConnectUpcall, Properties properties) throws IOException;
}
