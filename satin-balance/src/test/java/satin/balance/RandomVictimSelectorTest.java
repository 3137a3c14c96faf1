package satin.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomVictimSelectorTest {
    @Test
    void ownAndRemoteChoicesStayInTheirClustersAndCoverThemUniformly() {
        ClusterMap map = ClusterMap.ofSizes(3, 2, 4); // node 3 is in cluster 1 with node 4
        RandomVictimSelector selector = new RandomVictimSelector(map, 3, new SplittableRandom(9));
        int[] remoteHits = new int[map.nodeCount()];
        for (int i = 0; i < 70_000; i++) {
            assertEquals(4, selector.inOwnCluster());
            remoteHits[selector.inRemoteCluster()]++;
        }
        assertEquals(0, remoteHits[3] + remoteHits[4]);
        for (int node : new int[] {0, 1, 2, 5, 6, 7, 8}) {
            assertTrue(Math.abs(remoteHits[node] - 10_000) < 500, "node " + node + " got " + remoteHits[node]);
        }
    }

    @Test
    void sameSeedSameVictims() {
        ClusterMap map = ClusterMap.uniform(4, 16);
        RandomVictimSelector a = new RandomVictimSelector(map, 17, new SplittableRandom(5));
        RandomVictimSelector b = new RandomVictimSelector(map, 17, new SplittableRandom(5));
        for (int i = 0; i < 100; i++) {
            assertEquals(a.anyOther(), b.anyOther());
            assertEquals(a.inRemoteCluster(), b.inRemoteCluster());
        }
    }

    @Test
    void noCandidateGivesMinusOne() {
        RandomVictimSelector alone = new RandomVictimSelector(ClusterMap.uniform(1, 1), 0, new SplittableRandom(1));
        assertEquals(-1, alone.anyOther());
        assertEquals(-1, alone.inOwnCluster());
        assertEquals(-1, alone.inRemoteCluster());
    }

    @Test
    void badMapsAreRejectedWithTheirCause() {
        IllegalArgumentException gap = assertThrows(IllegalArgumentException.class, () -> new ClusterMap(new int[] {0, 2}));
        assertTrue(gap.getMessage().contains("cluster 1 has no nodes"));
        assertThrows(IllegalArgumentException.class, () -> new RandomVictimSelector(ClusterMap.uniform(1, 2), 2, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> BalancePolicies.parse("xyz"));
        assertEquals(BalancePolicies.CRS, BalancePolicies.parse(" crs "));
    }
}
