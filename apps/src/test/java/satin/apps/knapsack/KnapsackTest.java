package satin.apps.knapsack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class KnapsackTest {

    @Test
    void optimumEqualsDynamicProgrammingForEveryCutOff() {
        for (long seed = 1; seed <= 5; seed++) {
            for (int count : new int[] {1, 2, 5, 12, 18}) {
                Items items = Items.random(count, seed);
                long expected = SequentialKnapsack.dynamicProgramming(items);
                for (int depth : new int[] {0, 1, 4, count}) {
                    assertEquals(expected, Knapsack.compute(items, depth), count + " items seed " + seed);
                    assertEquals(expected, SequentialKnapsack.compute(items, depth));
                }
            }
        }
    }

    @Test
    void handPickedInstance() {
        // Capacity 10: the best packing is weights 4 + 3 (values 40 + 50); 4 + 6 or 5 + 4 are worse.
        Items items = new Items(new int[] {5, 4, 6, 3}, new int[] {10, 40, 30, 50}, 10);
        assertEquals(90, Knapsack.compute(items, 2));
    }

    @Test
    void mismatchedArraysAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Items(new int[] {1}, new int[] {1, 2}, 3));
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(Knapsack.USAGE, 3, Knapsack::run, "20", "3", "4");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
