package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.SyncStopsWaitingForStealTest.Doubling;

/**
 * A job that a synchronous (RS) steal reply brings belongs to the worker that asked for it: a thief must not get it
 * relayed, even when that worker is busy by the time it comes. Relaying it sent it back across the wide area and
 * left the asking worker's successful steal with nothing (seen: a 2-node RS run whose thief handed its only stolen
 * job straight back to its idle owner and ran no job at all).
 *
 * <p>Node 0 is a real {@link RemoteStealing} under RS with one worker; node 1 is played by the test over a real IPL
 * node. Node 0's root job spawns X and waits while node 1 steals X; the root job then syncs on X, and its idle worker
 * asks node 1 for work synchronously, which node 1 holds. Node 1 returns X's result: the sync goes on (the request
 * still out) and the root job blocks. Node 1 now answers the held request with a job and right behind it asks node 0
 * for work: node 0's only worker is busy, and the reply must carry no job. Once the root job ends, the worker runs
 * the job and its result goes home.
 */
@Timeout(120)
class SynchronousReplyIsNotRelayedTest {

    /** The root job; never travels (transient fields). */
    private static final class Root extends StealWire.LocalJob {
        final transient Doubling child = new Doubling(5);
        final transient CountDownLatch spawned = new CountDownLatch(1);
        final transient CountDownLatch childStolen = new CountDownLatch(1);
        final transient CountDownLatch release = new CountDownLatch(1);
        final transient CompletableFuture<Long> synced = new CompletableFuture<>();

        @Override
        protected void execute() throws InterruptedException {
            InvocationRecord frame = Spawns.spawn(child, null);
            spawned.countDown();
            if (!childStolen.await(60, TimeUnit.SECONDS)) {
                synced.completeExceptionally(new AssertionError("node 1 did not steal X"));
                return;
            }
            Spawns.sync(frame);
            synced.complete(child.result);
            release.await(60, TimeUnit.SECONDS);
        }
    }

    /** Node 1: node 0's victim, holding one request once armed; also steals from node 0 itself. */
    private static final class Other extends HoldingVictim {
        final CompletableFuture<Message.StealReply> stolen = new CompletableFuture<>();
        final CompletableFuture<Message.StealReply> secondReply = new CompletableFuture<>();

        @Override
        boolean takeOther(Message m) {
            if (!(m instanceof Message.StealReply reply)) {
                return false;
            }
            if (!stolen.complete(reply)) {
                secondReply.complete(reply);
            }
            return true;
        }
    }

    @Test
    void aJobFromASynchronousReplyWaitsForItsOwnWorkersAndIsNeverRelayed() throws Exception {
        Other other = new Other();
        SingleVictimHarness.RealNode node = new SingleVictimHarness.RealNode(new int[] {0, 1}, BalancePolicies.RS, 1);
        SingleVictimHarness.run(node, other, nodes -> {
            Root root = new Root();
            try {
                nodes.pool.submit(root);
                root.spawned.await(60, TimeUnit.SECONDS);
                StealWire.askForWork(other.peers, 1, 0, 1); // X waits in the worker's queue while the root job waits for this steal
                Message.StealReply x = other.stolen.get(30, TimeUnit.SECONDS);
                assertEquals(5L, ((Doubling) x.job().record()).argument, "node 1 stole X");
                other.armed.set(true);
                root.childStolen.countDown();
                Message.StealRequest request = other.held.get(60, TimeUnit.SECONDS); // the sync's idle worker asks
                assertTrue(request.synchronous(), "RS's request is synchronous");
                StealWire.sendResult(other.peers, 1, 0, x.job().jobId(), new Outcome.Value(10L));
                assertEquals(10L, root.synced.get(30, TimeUnit.SECONDS), "the sync went on with X's result");
                StealWire.reply(other.peers, 1, request, new Doubling(21), 77);
                StealWire.askForWork(other.peers, 1, 0, 100); // behind the reply on the same connection: node 0 has queued the job
                Message.StealReply second = other.secondReply.get(30, TimeUnit.SECONDS);
                assertNull(second.job(), "node 0 relayed the job its worker had stolen synchronously");
                root.release.countDown();
                long[] result = other.result.get(30, TimeUnit.SECONDS);
                assertEquals(77, result[0], "node 0's worker ran the job and sent its result home");
                assertEquals(42, result[1]);
                nodes.assertNoFailures();
            } finally {
                root.release.countDown();
            }
        });
    }
}
