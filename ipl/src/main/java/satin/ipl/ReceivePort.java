package satin.ipl;

import java.io.IOException;
import java.util.List;

/** Named receiving end. Messages arrive by upcall or are taken explicitly, as its port type allows. */
public interface ReceivePort extends AutoCloseable {
    ReceivePortIdentifier identifier();

    PortType type();

    /** Blocks until a message arrives (explicit receipt). */
    ReadMessage receive() throws IOException;

    /** Blocks at most {@code timeoutMillis}; throws {@link ReceiveTimeoutException} when nothing came. */
    ReadMessage receive(long timeoutMillis) throws IOException;

    /** A message if one is waiting, else null; never blocks. */
    ReadMessage poll() throws IOException;

    List<SendPortIdentifier> connectedTo();

    /** Refuses new connections, lets queued messages be taken no more, stops upcalls. */
    @Override
    void close() throws IOException;
}
