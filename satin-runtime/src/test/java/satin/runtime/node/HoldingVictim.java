package satin.runtime.node;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import satin.runtime.node.wire.Message;

/**
 * Node 1 as the victim of node 0's steals: it answers node 0's steal requests with no job until {@link #armed}, then
 * holds the first one it gets (the test answers it when it wants), and keeps the first RESULT node 0 sends it. Any
 * other message goes to {@link #takeOther}, which expects none unless a test's node overrides it.
 */
class HoldingVictim extends PlayedNode {
    final AtomicBoolean armed = new AtomicBoolean();
    final CompletableFuture<Message.StealRequest> held = new CompletableFuture<>();
    final CompletableFuture<long[]> result = new CompletableFuture<>(); // {jobId, value}

    @Override
    final boolean take(Message m) throws IOException {
        if (m instanceof Message.StealRequest request) {
            if (!(armed.get() && held.complete(request))) {
                StealWire.reply(peers, 1, request, null, -1);
            }
        } else if (m instanceof Message.Result r) {
            result.complete(StealWire.result(r));
        } else {
            return takeOther(m);
        }
        return true;
    }

    /** A message of another kind from node 0; false when this node expects none. */
    boolean takeOther(Message m) throws IOException {
        return false;
    }
}
