package satin.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomStealingTest {
    @Test
    void picksUniformlyAmongAllOtherNodesAcrossClusters() {
        ClusterMap map = ClusterMap.uniform(2, 4); // node 5 lives in cluster 1
        RecordingRequests out = new RecordingRequests();
        RandomStealing rs = new RandomStealing(new RandomVictimSelector(map, 5, new SplittableRandom(1)), out);
        int rounds = 70_000;
        int[] hits = new int[8];
        for (int i = 0; i < rounds; i++) {
            rs.onIdle();
            RecordingRequests.Sent s = out.drain().get(0);
            assertEquals(StealMode.SYNCHRONOUS, s.mode());
            hits[s.victim()]++;
            rs.onReply(s.victim(), s.mode(), false);
        }
        assertEquals(0, hits[5], "never asks itself");
        for (int node = 0; node < 8; node++) {
            if (node != 5) {
                // expected 10,000 each; 5 standard deviations is about 480
                assertTrue(Math.abs(hits[node] - 10_000) < 500, "node " + node + " got " + hits[node]);
            }
        }
    }

    @Test
    void sendsOneSynchronousRequestPerIterationAndNothingWhileWaiting() {
        RecordingRequests out = new RecordingRequests();
        RandomStealing rs = new RandomStealing(new RandomVictimSelector(ClusterMap.uniform(4, 16), 0, new SplittableRandom(2)), out);
        rs.onIdle();
        assertTrue(rs.hasOutstandingRequest());
        rs.onIdle(); // protocol violation by a host: must not produce a second request
        List<RecordingRequests.Sent> sent = out.drain();
        assertEquals(1, sent.size());
        rs.onReply(sent.get(0).victim(), StealMode.SYNCHRONOUS, true);
        assertFalse(rs.hasOutstandingRequest());
    }

    @Test
    void aloneInTheRunSendsNothing() {
        RecordingRequests out = new RecordingRequests();
        RandomStealing rs = new RandomStealing(new RandomVictimSelector(ClusterMap.uniform(1, 1), 0, new SplittableRandom(3)), out);
        rs.onIdle();
        assertTrue(out.sent.isEmpty());
        assertFalse(rs.hasOutstandingRequest());
    }
}
