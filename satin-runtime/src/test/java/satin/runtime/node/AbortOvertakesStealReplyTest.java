package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.contract.InvocationRecord;
import satin.ipl.IplProperties;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.WorkerPool;

/**
 * An ABORT handled on the transport's thread ({@link NodeInbox}) overtakes the STEAL_REPLY that brought its job and
 * that still waits for the port's thread: the job must still be cancelled, not run, and answered with an aborted
 * RESULT.
 *
 * <p>Node 0 is a real {@link RemoteStealing} thief with a one-worker pool, behind a {@link NodeInbox} whose handler
 * holds the STEAL_REPLY on the port's thread until the ABORT was handled (bounded): the overtaking is forced, not hoped
 * for. Node 1 is played by the test over a real IPL node: it answers the first steal request with a job and sends the
 * job's ABORT right behind the reply, on the same connection.
 */
@Timeout(120)
class AbortOvertakesStealReplyTest {

    /** Set by a {@link Marker} that ran: it must not (the test runs one at a time in this JVM). */
    static final AtomicBoolean RAN = new AtomicBoolean();

    /** The stolen job; notes it ran. Registered for serialization by name. */
    public static final class Marker extends InvocationRecord {
        public long argument;

        public Marker() {
        }

        Marker(long argument) {
            this.argument = argument;
        }

        @Override
        protected void execute() {
            RAN.set(true);
        }

        @Override
        public Object boxedResult() {
            return argument;
        }

        @Override
        public void boxedResult(Object value) {
            argument = (Long) value;
        }
    }

    /** Node 1's side: answers the first steal request with the job and its ABORT, the others with no job. */
    private static final class Victim {
        static final long JOB_ID = 5;
        final AtomicBoolean replied = new AtomicBoolean();
        final CompletableFuture<Outcome> result = new CompletableFuture<>(); // the RESULT's outcome
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        volatile Peers peers;

        void upcall(ReadMessage m) throws IOException {
            Message message = StealWire.CODEC.read(m);
            if (message instanceof Message.StealRequest request) {
                boolean first = replied.compareAndSet(false, true);
                StealWire.reply(peers, 1, request, first ? new Marker(7) : null, JOB_ID);
                if (first) { // on the same connection, right behind the reply
                    peers.send(request.from(), new Message.Abort(1, JOB_ID));
                }
            } else if (message instanceof Message.Result r) {
                if (r.jobId() != JOB_ID) {
                    failure.compareAndSet(null, new AssertionError("a RESULT for job " + r.jobId()));
                }
                result.complete(r.outcome());
            } else {
                failure.compareAndSet(null, new AssertionError("unexpected message " + message));
            }
        }
    }

    @Test
    void anAbortThatOvertakesItsStealReplyStillCancelsTheJob() throws Exception {
        RAN.set(false);
        Victim victim = new Victim();
        AtomicReference<Throwable> fatal = new AtomicReference<>();
        CountDownLatch abortHandled = new CountDownLatch(1);
        AtomicReference<String> abortThread = new AtomicReference<>();
        AtomicBoolean replyWaited = new AtomicBoolean();
        try (IplPair pair = new IplPair(c -> c.set(IplProperties.SERIALIZATION_CLASSES, Marker.class.getName()))) {
            Peers thiefPeers = StealWire.peers(pair, 0);
            victim.peers = StealWire.peers(pair, 1);
            ClusterMap clusters = new ClusterMap(new int[] {0, 0});
            RemoteStealing remote = new RemoteStealing(0, clusters, thiefPeers, 60_000, fatal::set);
            NodeInbox inbox = new NodeInbox(m -> {
                Message message = StealWire.CODEC.read(m);
                if (message instanceof Message.Abort abort) {
                    abortThread.set(Thread.currentThread().getName());
                    remote.onAbort(abort);
                    abortHandled.countDown();
                } else if (message instanceof Message.StealReply reply) {
                    try { // the port's thread holds the reply until the ABORT behind it was handled elsewhere
                        replyWaited.compareAndSet(false, abortHandled.await(30, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    remote.onStealReply(reply);
                } else {
                    fatal.set(new AssertionError("unexpected message " + message));
                }
            });
            try (ReceivePort thiefInbox = pair.node(0).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT,
                    inbox);
                    ReceivePort victimInbox = pair.node(1).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT,
                            victim::upcall)) {
                thiefPeers.connectAll(0);
                victim.peers.connectAll(1);
                WorkerPool pool = StealWire.start(remote, BalancePolicies.RS, clusters, 1); // its idle worker steals from node 1
                try {
                    Outcome outcome = victim.result.get(60, TimeUnit.SECONDS);
                    assertTrue(replyWaited.get(), "the ABORT waited behind its STEAL_REPLY for the port's thread");
                    assertFalse(abortThread.get().startsWith("ipl-upcall-"), "the ABORT ran on " + abortThread.get());
                    assertEquals(new Outcome.Aborted(), outcome, "the job's RESULT says it was aborted");
                    assertFalse(RAN.get(), "the aborted job ran");
                    assertNull(fatal.get());
                    assertNull(victim.failure.get());
                } finally {
                    remote.stop();
                    pool.shutdown();
                }
            } finally {
                thiefPeers.close();
                victim.peers.close();
            }
        }
    }
}
