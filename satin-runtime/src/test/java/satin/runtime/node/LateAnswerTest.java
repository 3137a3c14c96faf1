package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.balance.StealMode;
import satin.runtime.node.wire.Message;

/**
 * {@link EmulatedCosts}: a victim holds a synchronous steal request from another cluster for the configured delay and
 * then answers it, while every other request (asynchronous, or from its own cluster) is answered as it is read, and
 * the held one keeps no other message waiting.
 *
 * <p>Node 0 is a real {@link RemoteStealing} (RS, one idle worker) with the costs; node 1, in another cluster or the
 * same one, is played by the test over a real IPL node: it sends steal requests and records the replies in arrival
 * order (node 0's own requests it answers with "no job"). The checks are on events (which reply comes first, whether
 * one came), not clocks, except that a held reply comes no sooner than its delay, which holds on any machine.
 */
@Timeout(120)
class LateAnswerTest {
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    /** Node 1: sends requests, records node 0's replies to them (request ids, in arrival order). */
    private static final class Thief extends PlayedNode {
        final BlockingQueue<long[]> replies = new LinkedBlockingQueue<>(); // {request id, arrival nanos}

        @Override
        boolean take(Message m) throws IOException {
            if (m instanceof Message.StealRequest request) {
                StealWire.reply(peers, 1, request, null, -1); // node 0's own attempts: no job
            } else if (m instanceof Message.StealReply reply) {
                replies.add(new long[] {reply.requestId(), System.nanoTime()});
            } else {
                return false;
            }
            return true;
        }

        /** The id and arrival time of the next reply; fails when none comes within a minute. */
        long[] next() throws InterruptedException {
            long[] reply = replies.poll(60, TimeUnit.SECONDS);
            if (reply == null) {
                throw new AssertionError("no reply within a minute");
            }
            return reply;
        }

        void ask(long requestId, StealMode mode) throws IOException {
            StealWire.ask(peers, 1, 0, requestId, mode);
        }
    }

    /** What a test does with node 0 (costs set, runtime started) and the thief. */
    private interface Scenario {
        void run(Thief thief) throws Exception;
    }

    @Test
    void aSynchronousWideAreaRequestIsHeldWhileAnAsynchronousOneIsAnsweredAtOnce() throws Exception {
        withNodes(new int[] {0, 1}, HOUR, thief -> {
            thief.ask(1, StealMode.SYNCHRONOUS);
            thief.ask(2, StealMode.ASYNCHRONOUS); // read after request 1 on the same connection, by the same thread
            long[] first = thief.next();
            assertEquals(2, first[0], "the asynchronous request is answered first: the held one keeps nothing waiting");
            thief.ask(3, StealMode.ASYNCHRONOUS);
            assertEquals(3, thief.next()[0]);
            assertTrue(thief.replies.isEmpty(), "the synchronous wide-area request is still held");
        });
    }

    @Test
    void aHeldRequestIsAnsweredAfterItsDelay() throws Exception {
        long delay = TimeUnit.MILLISECONDS.toNanos(300);
        withNodes(new int[] {0, 1}, delay, thief -> {
            long sent = System.nanoTime();
            thief.ask(7, StealMode.SYNCHRONOUS);
            long[] reply = thief.next();
            assertEquals(7, reply[0], "the held request is answered");
            assertTrue(reply[1] - sent >= delay, "answered " + (reply[1] - sent) + " ns after the request, before its delay");
        });
    }

    @Test
    void aSynchronousRequestFromTheVictimsOwnClusterIsNotHeld() throws Exception {
        withNodes(new int[] {0, 0}, HOUR, thief -> {
            thief.ask(4, StealMode.SYNCHRONOUS);
            assertEquals(4, thief.next()[0], "a local request is answered at once despite the hour's delay");
        });
    }

    @Test
    void theDelayIsForSynchronousWideAreaRequestsOnlyAndNeverNegative() {
        EmulatedCosts costs = new EmulatedCosts(5);
        assertEquals(5, costs.answerDelayNanos(true, StealMode.SYNCHRONOUS));
        assertEquals(0, costs.answerDelayNanos(true, StealMode.ASYNCHRONOUS));
        assertEquals(0, costs.answerDelayNanos(false, StealMode.SYNCHRONOUS));
        assertFalse(EmulatedCosts.NONE.any());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new EmulatedCosts(-1)).getMessage().contains("negative"));
    }

    private void withNodes(int[] clusterOf, long delayNanos, Scenario scenario) throws Exception {
        Thief thief = new Thief();
        SingleVictimHarness.RealNode node = new SingleVictimHarness.RealNode(clusterOf, BalancePolicies.RS, 1)
                .emulating(new EmulatedCosts(delayNanos));
        SingleVictimHarness.run(node, thief, nodes -> {
            scenario.run(thief);
            nodes.assertNoFailures();
        });
    }
}
