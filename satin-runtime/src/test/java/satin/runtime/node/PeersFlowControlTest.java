package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;

/**
 * Two real IPL nodes (tcp) with the smallest flow-control window, each with {@link Peers} and an upcall that answers
 * every request through {@link Peers#send}, as the steal-request handler does. A thread of each node sends more
 * than a window of requests to the other while both upcall threads are busy, so each node's writer waits for credit
 * (the senders return at once: a send only queues).
 * When the upcall threads go on, each must be able to answer: credit returns only as an upcall thread takes
 * messages, so an upcall thread that waits behind its own node's sender (waiting for credit from the other
 * node's upcall thread, waiting behind that node's sender) deadlocks both nodes.
 */
@Timeout(120)
class PeersFlowControlTest {

    private static final byte HOLD = 100;
    private static final byte REQUEST = 101;
    private static final byte ANSWER = 102;
    private static final int REQUESTS = 200;
    private static final byte[] PAYLOAD = new byte[100]; // 200 requests: about 5 windows of 4096 bytes

    /** One node: its IPL node, peers, and what its upcall saw. */
    private static final class Side {
        final int self;
        Node node;
        Peers peers;
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch answers = new CountDownLatch(REQUESTS);
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Side(int self) {
            this.self = self;
        }

        void upcall(ReadMessage m, CountDownLatch release) throws IOException {
            byte tag = m.readByte();
            if (tag == HOLD) {
                m.finish();
                holding.countDown();
                try {
                    // Stands for a slow handler: this thread takes no message until the test says so.
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (tag == REQUEST) {
                m.readArray(new byte[PAYLOAD.length]);
                m.finish();
                try {
                    peers.send(1 - self, ANSWER, w -> w.writeInt(self));
                } catch (IOException | RuntimeException e) {
                    failure.compareAndSet(null, e);
                }
            } else {
                m.readInt();
                m.finish();
                answers.countDown();
            }
        }
    }

    @Test
    void twoNodesSendingMoreThanAWindowToEachOtherFromUpcallsDoNotDeadlock() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Side a = new Side(0);
        Side b = new Side(1);
        List<ReceivePort> inboxes = new ArrayList<>();
        try (IplPair pair = new IplPair(c -> c.set(IplProperties.FLOW_WINDOW, 4096))) {
            for (Side side : new Side[] {a, b}) {
                side.node = pair.node(side.self);
                inboxes.add(side.node.createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT,
                        m -> side.upcall(m, release)));
            }
            for (Side side : new Side[] {a, b}) {
                side.peers = StealWire.peers(pair, side.self);
                side.peers.connectAll(side.self);
            }
            a.peers.send(1, HOLD, w -> { });
            b.peers.send(0, HOLD, w -> { });
            assertTrue(a.holding.await(60, TimeUnit.SECONDS) && b.holding.await(60, TimeUnit.SECONDS));

            List<Thread> senders = new ArrayList<>();
            for (Side s : new Side[] {a, b}) {
                int to = s == a ? 1 : 0;
                Thread t = new Thread(() -> {
                    try {
                        for (int i = 0; i < REQUESTS; i++) {
                            s.peers.send(to, REQUEST, w -> w.writeArray(PAYLOAD));
                        }
                    } catch (IOException | RuntimeException e) {
                        s.failure.compareAndSet(null, e);
                    }
                }, "sender-" + s.self);
                t.setDaemon(true);
                t.start();
                senders.add(t);
            }
            for (Thread t : senders) { // a send only queues: each sender returns while its peer holds its credit
                t.join(30_000);
                assertEquals(Thread.State.TERMINATED, t.getState(), "a sender waited for its peer's credit");
            }
            release.countDown();

            for (Side s : new Side[] {a, b}) {
                assertTrue(s.answers.await(30, TimeUnit.SECONDS), "node " + s.self + " got only "
                        + (REQUESTS - s.answers.getCount()) + " of " + REQUESTS + " answers: the nodes deadlocked");
            }
            for (Thread t : senders) {
                t.join(30_000);
                assertTrue(!t.isAlive());
            }
            for (Side s : new Side[] {a, b}) {
                assertEquals(null, s.failure.get());
            }
        } finally {
            release.countDown();
            for (ReceivePort p : inboxes) {
                p.close();
            }
            for (Side s : new Side[] {a, b}) {
                if (s.peers != null) {
                    s.peers.close();
                }
            }
        }
    }
}
