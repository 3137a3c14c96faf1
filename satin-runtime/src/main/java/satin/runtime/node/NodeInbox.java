package satin.runtime.node;

import java.io.IOException;
import satin.ipl.ExpressUpcall;
import satin.ipl.MessageUpcall;
import satin.ipl.ReadMessage;
import satin.runtime.node.wire.Codec;

/**
 * The upcall of a node's receive port: an ABORT is handled at once on the transport's thread that read it, every other
 * message on the port's thread in arrival order, both by the same handler. Why that is safe: {@code Dispatcher}
 * (the handler) and {@link RemoteStealing} (Abort: the ABORT that overtakes its STEAL_REPLY).
 */
final class NodeInbox implements ExpressUpcall {

    private final MessageUpcall handler;

    NodeInbox(MessageUpcall handler) {
        this.handler = handler;
    }

    @Override
    public boolean express(byte tag) {
        return Codec.express(tag);
    }

    @Override
    public void upcall(ReadMessage m) throws IOException {
        handler.upcall(m);
    }
}
