package satin.ipl;

import java.io.IOException;
import java.util.List;

/** Named sending end of a port type. Connect it to receive ports, then write messages. */
public interface SendPort extends AutoCloseable {
    SendPortIdentifier identifier();

    PortType type();

    /** Connects, waiting at most {@code timeoutMillis} (0 = the configured connect timeout). */
    void connect(ReceivePortIdentifier target, long timeoutMillis) throws IOException;

    default void connect(ReceivePortIdentifier target) throws IOException {
        connect(target, 0);
    }

    void disconnect(ReceivePortIdentifier target) throws IOException;

    List<ReceivePortIdentifier> connectedTo();

    /** Starts a message; waits while a previous message of this port is unfinished. */
    WriteMessage newMessage() throws IOException;

    @Override
    void close() throws IOException;
}
