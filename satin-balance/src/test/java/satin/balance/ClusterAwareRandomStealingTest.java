package satin.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClusterAwareRandomStealingTest {
    private static final ClusterMap FOUR_BY_FOUR = ClusterMap.uniform(4, 4);

    private static ClusterAwareRandomStealing crs(ClusterMap map, int self, RecordingRequests out, long seed) {
        return new ClusterAwareRandomStealing(new RandomVictimSelector(map, self, new SplittableRandom(seed)), out);
    }

    @Test
    void firstIterationSendsAsyncWideAreaThenSyncLocal() {
        RecordingRequests out = new RecordingRequests();
        ClusterAwareRandomStealing policy = crs(FOUR_BY_FOUR, 6, out, 1);
        policy.onIdle();
        List<RecordingRequests.Sent> sent = out.drain();
        assertEquals(2, sent.size());
        assertEquals(StealMode.ASYNCHRONOUS, sent.get(0).mode());
        assertTrue(FOUR_BY_FOUR.clusterOf(sent.get(0).victim()) != 1, "wide-area victim is remote");
        assertEquals(StealMode.SYNCHRONOUS, sent.get(1).mode());
        assertEquals(1, FOUR_BY_FOUR.clusterOf(sent.get(1).victim()), "local victim is in cluster 1");
        assertTrue(sent.get(1).victim() != 6);
        assertTrue(policy.wideAreaStealOutstanding());
    }

    @Test
    void whileTheFlagIsSetOnlyLocalStealsAreSentAndTheWideAreaReplyClearsIt() {
        RecordingRequests out = new RecordingRequests();
        ClusterAwareRandomStealing policy = crs(FOUR_BY_FOUR, 0, out, 2);
        policy.onIdle();
        RecordingRequests.Sent wide = out.drain().get(0);
        for (int i = 0; i < 5; i++) { // five failed local steals while the wide-area one is in flight
            policy.onReply(3, StealMode.SYNCHRONOUS, false);
            policy.onIdle();
            List<RecordingRequests.Sent> sent = out.drain();
            assertEquals(1, sent.size());
            assertEquals(StealMode.SYNCHRONOUS, sent.get(0).mode());
            assertEquals(0, FOUR_BY_FOUR.clusterOf(sent.get(0).victim()));
        }
        policy.onReply(wide.victim(), StealMode.ASYNCHRONOUS, false);
        assertFalse(policy.wideAreaStealOutstanding());
        policy.onReply(2, StealMode.SYNCHRONOUS, false);
        policy.onIdle();
        List<RecordingRequests.Sent> sent = out.drain();
        assertEquals(StealMode.ASYNCHRONOUS, sent.get(0).mode(), "next iteration sends a new wide-area steal");
    }

    @Test
    void neverHasTwoWideAreaStealsOutstandingUnderRandomReplyOrder() {
        SplittableRandom events = new SplittableRandom(42);
        for (int node = 0; node < FOUR_BY_FOUR.nodeCount(); node++) {
            RecordingRequests out = new RecordingRequests();
            ClusterAwareRandomStealing policy = crs(FOUR_BY_FOUR, node, out, node);
            List<RecordingRequests.Sent> inFlight = new ArrayList<>();
            boolean blocked = false;
            for (int step = 0; step < 5_000; step++) {
                if (!blocked) {
                    policy.onIdle();
                    for (RecordingRequests.Sent s : out.drain()) {
                        inFlight.add(s);
                        blocked |= s.mode() == StealMode.SYNCHRONOUS;
                    }
                }
                long wide = inFlight.stream().filter(s -> s.mode() == StealMode.ASYNCHRONOUS).count();
                assertTrue(wide <= 1, "two wide-area steals outstanding at step " + step);
                assertEquals(wide == 1, policy.wideAreaStealOutstanding());
                if (!inFlight.isEmpty()) { // deliver a random pending reply
                    RecordingRequests.Sent reply = inFlight.remove(events.nextInt(inFlight.size()));
                    blocked &= reply.mode() != StealMode.SYNCHRONOUS;
                    policy.onReply(reply.victim(), reply.mode(), events.nextBoolean());
                }
            }
        }
    }

    @Test
    void withOneClusterOnlyLocalStealingHappens() {
        ClusterMap single = ClusterMap.uniform(1, 8);
        RecordingRequests out = new RecordingRequests();
        ClusterAwareRandomStealing policy = crs(single, 3, out, 3);
        for (int i = 0; i < 1_000; i++) {
            policy.onIdle();
            List<RecordingRequests.Sent> sent = out.drain();
            assertEquals(1, sent.size());
            assertEquals(StealMode.SYNCHRONOUS, sent.get(0).mode());
            policy.onReply(sent.get(0).victim(), StealMode.SYNCHRONOUS, false);
        }
        assertFalse(policy.wideAreaStealOutstanding());
    }

    @Test
    void aNodeAloneInItsClusterWaitsForTheWideAreaReplyBeforeAskingAgain() {
        ClusterMap map = ClusterMap.ofSizes(1, 3);
        RecordingRequests out = new RecordingRequests();
        ClusterAwareRandomStealing policy = crs(map, 0, out, 4);
        policy.onIdle();
        List<RecordingRequests.Sent> sent = out.drain();
        assertEquals(1, sent.size());
        assertEquals(StealMode.ASYNCHRONOUS, sent.get(0).mode());
        policy.onIdle(); // e.g. woken by some other event: nothing new to send
        assertTrue(out.sent.isEmpty());
        policy.onReply(sent.get(0).victim(), StealMode.ASYNCHRONOUS, false);
        policy.onIdle();
        assertEquals(StealMode.ASYNCHRONOUS, out.drain().get(0).mode());
    }
}
