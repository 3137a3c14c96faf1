package satin.apps.nqueens;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class NQueensTest {

    @Test
    void countsEqualThePublishedCountsForEveryCutOff() {
        for (int n = 1; n <= 10; n++) {
            for (int spawnRows = 0; spawnRows <= Math.min(n, 4); spawnRows++) {
                assertEquals(KnownCounts.of(n), NQueens.compute(n, spawnRows), "N=" + n + " rows " + spawnRows);
                assertEquals(KnownCounts.of(n), SequentialNQueens.compute(n, spawnRows));
            }
        }
        assertEquals(KnownCounts.of(12), NQueens.compute(12, 3));
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(NQueens.USAGE, 2, NQueens::run, "9", "2");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("solutions of 9-queens = 352"), run.out());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }

    @Test
    void cutOffBeyondNIsRejected() throws Exception {
        MainRun run = MainRun.of(NQueens.USAGE, 2, NQueens::run, "8", "9");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("spawn rows"), run.err());
    }
}
