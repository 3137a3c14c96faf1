package satin.ipl;

import java.io.IOException;

/**
 * Receives messages of an upcall port, one at a time and in arrival order. The message is finished
 * automatically when the upcall returns; calling {@link ReadMessage#finish()} earlier lets the next upcall
 * start while this one continues without the message.
 */
@FunctionalInterface
public interface MessageUpcall {
    void upcall(ReadMessage message) throws IOException;
}
