package satin.runtime.node.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The results kept for their owners' crash are bounded in bytes, not only in number: what is given up is the oldest,
 * and counted (issue 31: 4,096 kept results of 1 MB per owner ran a node at -Xmx512m out of memory).
 */
class KeptResultsTest {

    private static final long MB = 1 << 20;

    private static KeptResults.Outcome outcome(long i) {
        return new KeptResults.Outcome(i, null, 1);
    }

    private static KeptResults.Entry keep(KeptResults kept, int owner, long key, long bytes) {
        KeptResults.Entry e = kept.entry(owner, key, outcome(key));
        e.sized(bytes); // the send wrote the message before the keep, as a worker's own send does
        kept.keep(e);
        return e;
    }

    private static List<Long> taken(KeptResults kept, int owner) {
        List<Long> keys = new ArrayList<>();
        kept.take(owner, e -> keys.add(e.key));
        return keys;
    }

    @Test
    void theByteBoundGivesUpTheOldestResultsOfAnyOwnerAndCountsThem() {
        KeptResults kept = new KeptResults(4 * MB);
        for (long k = 0; k < 10; k++) {
            keep(kept, (int) (k % 2), k, MB);
        }
        assertEquals(4 * MB, kept.bytes());
        assertEquals(6, kept.droppedResults());
        assertEquals(6 * MB, kept.droppedBytes());
        assertEquals(List.of(6L, 8L), taken(kept, 0));
        assertEquals(List.of(7L, 9L), taken(kept, 1));
        assertEquals(0, kept.bytes());
    }

    @Test
    void aSizeThatArrivesAfterTheKeepCountsThen() {
        KeptResults kept = new KeptResults(2 * MB);
        KeptResults.Entry late = kept.entry(3, 1, outcome(1));
        kept.keep(late); // its message is still queued behind another writer's
        keep(kept, 3, 2, MB);
        keep(kept, 3, 3, MB);
        assertEquals(2 * MB, kept.bytes(), "an unsized result counts nothing yet");
        late.sized(MB); // written now: the oldest, so it goes first
        assertEquals(2 * MB, kept.bytes());
        assertEquals(1, kept.droppedResults());
        assertEquals(List.of(2L, 3L), taken(kept, 3));
    }

    @Test
    void theCountBoundPerOwnerStillHoldsForSmallResults() {
        KeptResults kept = new KeptResults(1L << 40);
        for (long k = 0; k < KeptResults.PER_OWNER + 5; k++) {
            keep(kept, 1, k, 100);
        }
        keep(kept, 2, -1, 100);
        assertEquals(5, kept.droppedResults());
        List<Long> one = taken(kept, 1);
        assertEquals(KeptResults.PER_OWNER, one.size());
        assertEquals(5L, one.get(0));
        assertEquals(List.of(-1L), taken(kept, 2));
        assertEquals(0, kept.bytes());
    }

    @Test
    void resultsTakenForADeadOwnerAreNeitherGivenUpLaterNorCountedTwice() {
        KeptResults kept = new KeptResults(3 * MB);
        keep(kept, 0, 1, MB);
        keep(kept, 1, 2, MB);
        assertEquals(List.of(1L), taken(kept, 0));
        keep(kept, 1, 3, MB);
        keep(kept, 1, 4, MB);
        assertEquals(0, kept.droppedResults(), "the dead owner's result no longer counts against the bound");
        keep(kept, 1, 5, MB);
        assertEquals(1, kept.droppedResults());
        assertEquals(List.of(3L, 4L, 5L), taken(kept, 1));
    }

    @Test
    void theBoundIsAShareOfTheHeapWithinLimits() {
        assertEquals(32 * MB, KeptResults.budgetFor(512 * MB));
        assertEquals(KeptResults.MIN_BUDGET, KeptResults.budgetFor(16 * MB));
        assertEquals(KeptResults.MAX_BUDGET, KeptResults.budgetFor(64L << 30));
        assertTrue(KeptResults.MIN_BUDGET < KeptResults.MAX_BUDGET);
    }
}
