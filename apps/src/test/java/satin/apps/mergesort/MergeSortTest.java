package satin.apps.mergesort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class MergeSortTest {

    @Test
    void sortsLikeArraysSortForAnySizeAndLeaf() {
        for (int size : new int[] {0, 1, 2, 7, 1000, 65_537}) {
            int[] data = MergeSort.random(size, size);
            int[] expected = data.clone();
            Arrays.sort(expected);
            for (int leaf : new int[] {1, 3, 64, 100_000}) {
                int[] input = data.clone();
                assertArrayEquals(expected, MergeSort.compute(input, leaf), "size " + size + " leaf " + leaf);
                assertArrayEquals(data, input, "the input is left alone");
                assertArrayEquals(expected, SequentialMergeSort.compute(data, leaf));
            }
        }
    }

    @Test
    void mergeKeepsDuplicates() {
        assertArrayEquals(new int[] {1, 2, 2, 2, 3, 5}, Merge.merge(new int[] {2, 2, 5}, new int[] {1, 2, 3}));
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(MergeSort.USAGE, 3, MergeSort::run, "50000", "9", "500");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
