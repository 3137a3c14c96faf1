package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 30, defect 3: whoever drained a peer's outbox wrote everyone's messages to it. A worker that sent more than a
 * credit window to a frozen peer became its writer and waited for credit; a message another thread queued meanwhile
 * (an upcall's RESULT, the express thread's ABORT) was written later by that worker, and a failure to write it
 * failed that worker's send. Now every peer has one writer: no caller waits for a frozen peer and no caller writes
 * another thread's message. On main of commit ba9e819 the worker waited for credit and wrote the other message.
 */
@Timeout(120)
class OneWriterPerPeerTest {

    private static final byte FILL = 101;
    private static final byte OTHER = 102;
    private static final int FILLS = 100; // about 100 * 300 bytes: several windows of FrozenPeer.WINDOW

    @Test
    void noSenderWaitsForAFrozenPeerOrWritesAnotherThreadsMessage() throws Exception {
        try (FrozenPeer frozen = new FrozenPeer(); Peers peers = StealWire.peers(frozen.pair, 0)) {
            peers.connectAll(0);
            frozen.freeze(peers);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread worker = new Thread(() -> {
                try {
                    for (int i = 0; i < FILLS; i++) {
                        peers.send(1, FILL, w -> w.writeArray(new byte[300]));
                    }
                } catch (IOException | RuntimeException e) {
                    failure.set(e);
                }
            }, "worker");
            worker.setDaemon(true);
            worker.start();
            boolean workerReturned = FrozenPeer.ended(worker, 10);

            AtomicReference<Thread> wroteOther = new AtomicReference<>();
            peers.send(1, OTHER, w -> wroteOther.set(Thread.currentThread()));
            frozen.thaw();
            assertTrue(frozen.awaitArrived(OTHER, 1), "the other message arrives once the peer takes messages");
            assertTrue(frozen.awaitArrived(FILL, FILLS));

            assertTrue(workerReturned, "a sender to a frozen peer returned without waiting for its credit");
            assertNotNull(wroteOther.get());
            assertNotEquals(worker, wroteOther.get(), "the worker wrote another thread's message");
            assertNotEquals(Thread.currentThread(), wroteOther.get(), "the peer's writer writes, not the caller");
            assertEquals(null, failure.get());
        }
    }
}
