package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.SyncStopsWaitingForStealTest.Doubling;

/**
 * A job that a CRS wide-area (asynchronous) steal reply brings while the node's only worker is busy must be in the
 * node's work queue, where a thief finds it, as the paper's CRS and the simulator have it; not held until the worker
 * runs out of work (measured before, GridLab by night: most jobs from wide-area replies arrived while their node was
 * busy and waited 89 paper seconds on average before it ran them).
 *
 * <p>Node 0 is a real {@link RemoteStealing} under CRS with a one-worker pool, in cluster 0; node 1, in cluster 1, is
 * played by the test over a real IPL node. Node 0's idle worker sends its wide-area request, which node 1 holds. The
 * test then gives node 0's worker a job that blocks, answers the held request with a {@link Doubling} job, and asks
 * node 0 for work itself: it must get that job (under node 0's own job id), and once it returns the result to node 0,
 * node 0 must send it on under the id node 1 gave the job, while its worker is still busy and never ran it. When node
 * 1, as the job's owner, aborts it first, node 0 must send the ABORT on to node 1 as the job's thief, and the
 * "aborted" result back to the owner.
 */
@Timeout(120)
class ArrivedJobIsStealableTest {

    /** Runs until released; never travels. */
    private static final class Busy extends StealWire.LocalJob {
        final transient CountDownLatch started = new CountDownLatch(1);
        final transient CountDownLatch release = new CountDownLatch(1);

        @Override
        protected void execute() throws InterruptedException {
            started.countDown();
            release.await(60, TimeUnit.SECONDS);
        }
    }

    /** Node 1: holds node 0's steal request, then steals from node 0 and receives results. */
    private static final class Other extends PlayedNode {
        final CompletableFuture<Message.StealRequest> heldRequest = new CompletableFuture<>();
        final CompletableFuture<Message.StealReply> reply = new CompletableFuture<>();
        final CompletableFuture<long[]> result = new CompletableFuture<>(); // {jobId, value}
        final CompletableFuture<long[]> abort = new CompletableFuture<>(); // {from, jobId}

        @Override
        boolean take(Message m) throws IOException {
            if (m instanceof Message.StealRequest request) {
                if (!heldRequest.complete(request)) {
                    failure.compareAndSet(null, new AssertionError("a second steal request while the first is out"));
                }
            } else if (m instanceof Message.StealReply r) {
                reply.complete(r);
            } else if (m instanceof Message.Result r) {
                result.complete(StealWire.result(r));
            } else if (m instanceof Message.Abort a) {
                abort.complete(new long[] {a.from(), a.jobId()});
            } else {
                return false;
            }
            return true;
        }
    }

    @Test
    void aJobFromAWideAreaReplyGoesToAThiefWhileTheWorkerIsBusyAndItsResultGoesOnToItsOwner() throws Exception {
        relay(false);
    }

    /** The owner aborts the relayed job: the ABORT goes on to its thief, whose "aborted" goes back to the owner. */
    @Test
    void anAbortOfARelayedJobTravelsOnToItsThief() throws Exception {
        relay(true);
    }

    private void relay(boolean abortedByOwner) throws Exception {
        Other other = new Other();
        SingleVictimHarness.RealNode node = new SingleVictimHarness.RealNode(new int[] {0, 1}, BalancePolicies.CRS, 1);
        SingleVictimHarness.run(node, other, nodes -> {
            Busy busy = new Busy();
            try {
                // the idle worker's wide-area steal
                Message.StealRequest request = other.heldRequest.get(60, TimeUnit.SECONDS);
                assertEquals(0, request.from());
                assertFalse(request.synchronous(), "CRS's wide-area request is asynchronous");
                nodes.pool.submit(busy);
                busy.started.await(60, TimeUnit.SECONDS);
                StealWire.reply(other.peers, 1, request, new Doubling(21), 77);
                // after the reply on the same connection, so node 0 has queued the job when this arrives
                StealWire.askForWork(other.peers, 1, 0, 5); // an idle worker asks
                Message.StealReply reply = other.reply.get(30, TimeUnit.SECONDS);
                assertNotNull(reply.job(), "node 0 kept the job its worker is too busy to run");
                Doubling stolen = (Doubling) reply.job().record();
                assertEquals(21, stolen.argument);
                long nodeJobId = reply.job().jobId();
                if (abortedByOwner) {
                    other.peers.send(0, new Message.Abort(1, 77));
                    long[] abort = other.abort.get(30, TimeUnit.SECONDS);
                    assertEquals(0, abort[0], "the relaying node sends the abort on");
                    assertEquals(nodeJobId, abort[1], "under the id it gave the job");
                }
                StealWire.sendResult(other.peers, 1, 0, nodeJobId,
                        abortedByOwner ? new Outcome.Aborted() : new Outcome.Value(42L));
                long[] result = other.result.get(30, TimeUnit.SECONDS);
                assertEquals(77, result[0], "the result goes on under the id the job's owner gave it");
                assertEquals(abortedByOwner ? -1 : 42, result[1]);
                nodes.assertNoFailures();
            } finally {
                busy.release.countDown();
            }
        });
    }
}
