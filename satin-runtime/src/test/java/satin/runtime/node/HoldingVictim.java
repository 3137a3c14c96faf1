package satin.runtime.node;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import satin.ipl.ReadMessage;

/**
 * Node 1 as the victim of node 0's steals: it answers node 0's steal requests with no job until {@link #armed}, then
 * holds the first one it gets (the test answers it when it wants), and keeps the first RESULT node 0 sends it. Any
 * other message goes to {@link #takeOther}, which expects none unless a test's node overrides it.
 */
class HoldingVictim extends PlayedNode {
    final AtomicBoolean armed = new AtomicBoolean();
    final CompletableFuture<StealWire.Request> held = new CompletableFuture<>();
    final CompletableFuture<long[]> result = new CompletableFuture<>(); // {jobId, value}

    @Override
    final boolean take(byte tag, ReadMessage m) throws IOException {
        if (tag == Tags.STEAL_REQUEST) {
            StealWire.Request request = StealWire.Request.read(m);
            if (!(armed.get() && held.complete(request))) {
                StealWire.reply(peers, 1, request, null, -1);
            }
        } else if (tag == Tags.RESULT) {
            result.complete(StealWire.readResult(m));
        } else {
            return takeOther(tag, m);
        }
        return true;
    }

    /** A message of another tag from node 0; false when this node expects none. */
    boolean takeOther(byte tag, ReadMessage m) throws IOException {
        return false;
    }
}
