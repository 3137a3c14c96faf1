package satin.runtime.node;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import satin.ipl.ReadMessage;
import satin.runtime.node.wire.Message;

/**
 * Node 1 as a test plays it over a real IPL node ({@link SingleVictimHarness}): it takes node 0's messages, read with
 * the runtime's codec, and a message it does not expect is noted as a failure, not thrown, because it comes on the
 * port's thread and the test's own thread must see it when it checks its end.
 */
abstract class PlayedNode {
    /** The first thing the played side found wrong: a message it did not expect, or what the test notes itself. */
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    /** Node 1's peers, for its replies and for the test's own messages; the harness sets them before any can come. */
    volatile Peers peers;

    /** Takes a message from node 0; false when node 1 expects no such message. */
    abstract boolean take(Message m) throws IOException;

    /** Node 1's receive port's upcall. */
    final void upcall(ReadMessage m) throws IOException {
        Message message = StealWire.CODEC.read(m);
        if (!take(message)) {
            failure.compareAndSet(null, new AssertionError("unexpected message " + message));
        }
    }
}
