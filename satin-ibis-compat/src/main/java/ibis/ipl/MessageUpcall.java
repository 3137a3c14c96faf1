package ibis.ipl;

import java.io.IOException;

/**
 * Receives the messages of an upcall receive port, once {@link ReceivePort#enableMessageUpcalls()} was called. At
 * most one message of a port is alive: the next upcall starts when this one returns or calls
 * {@link ReadMessage#finish()}; after {@code finish} the upcall may block (wait for a reply, say).
 */
public interface MessageUpcall {
    void upcall(ReadMessage readMessage) throws IOException, ClassNotFoundException;
}
