package satin.ipl;

import java.io.IOException;

/**
 * Receives messages of an upcall port, one at a time and in arrival order, on a thread of the port (see
 * {@link DirectUpcall} for upcalls on the transport's thread). The message is finished automatically when
 * the upcall returns. Sends made from an upcall never wait for flow-control credit: two nodes whose upcalls
 * answer each other's messages could otherwise each wait for the other to take one; what upcalls send may
 * exceed the receiver's window by that much.
 */
@FunctionalInterface
public interface MessageUpcall {
    void upcall(ReadMessage message) throws IOException;
}
