package satin.apps.gametree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.common.MainRun;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.spawn.WorkerStatistics;

/**
 * Parallel alpha-beta with inlets and abort gives the sequential value: off workers, and on runtimes of 1 and 2
 * workers with the default inline threshold and with every spawn queued (the most stealing, and refuted siblings
 * still queued or running when the cut comes, so abort() has work to cancel).
 */
@Timeout(120)
class GameTreeTest {

    private static final List<String> OPENINGS = List.of("", "4", "44", "4453", "3344", "112233");

    @Test
    void theKernelAgreesWithPlainMinimax() {
        Geometry g = Geometry.of(5, 4);
        for (String opening : OPENINGS) {
            Position p = Position.empty(g).playAll(opening.replace('6', '5'));
            for (int depth = 0; depth <= 5; depth++) {
                assertEquals(AlphaBeta.minimax(p, depth), SequentialGameTree.compute(p, depth),
                        "opening " + opening + ", depth " + depth);
            }
        }
    }

    @Test
    void theBoardKnowsItsLinesAndWins() {
        Geometry g = Geometry.of(7, 6);
        assertEquals(69, g.lines().length, "the 69 lines of four of the standard board");
        assertEquals(List.of(3, 2, 4, 1, 5, 0, 6), java.util.Arrays.stream(g.moveOrder()).boxed().toList());
        assertTrue(Position.empty(g).playAll("1212121").lostByMover(), "four in a column");
        assertTrue(Position.empty(g).playAll("1122334").lostByMover(), "four in a row");
        assertFalse(Position.empty(g).playAll("1223343454").lostByMover(), "three on a diagonal");
        assertTrue(Position.empty(g).playAll("12233434544").lostByMover(), "four on a diagonal");
        assertEquals(-(AlphaBeta.WIN - 7), AlphaBeta.settled(Position.empty(g).playAll("1212121"), 3));
        assertThrows(IllegalArgumentException.class, () -> Position.empty(g).playAll("12121212"));
        assertThrows(IllegalArgumentException.class, () -> Position.empty(g).playAll("1111111"));
        assertThrows(IllegalArgumentException.class, () -> Geometry.of(8, 6));
    }

    @Test
    void offWorkersEverySpawnRunsInlineAndGivesTheSequentialValue() {
        Geometry g = Geometry.of(6, 5);
        for (String opening : OPENINGS) {
            Position p = Position.empty(g).playAll(opening);
            for (int spawnDepth = 0; spawnDepth <= 3; spawnDepth++) {
                assertEquals(SequentialGameTree.compute(p, 6), GameTree.compute(p, 6, spawnDepth),
                        "opening " + opening + ", spawn depth " + spawnDepth);
            }
        }
    }

    @Test
    void onWorkersTheValueIsTheSequentialOneAndRefutedSiblingsAreAborted() throws Exception {
        Geometry g = Geometry.of(7, 6);
        for (int workers : List.of(1, 2)) {
            for (int threshold : List.of(2, Integer.MAX_VALUE)) {
                try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(workers)
                        .withInlineThreshold(threshold))) {
                    for (String opening : OPENINGS) {
                        Position p = Position.empty(g).playAll(opening);
                        int expected = SequentialGameTree.compute(p, 7);
                        assertEquals(expected, (int) runtime.call(() -> GameTree.compute(p, 7, 3)),
                                "opening " + opening + " on " + workers + " workers, threshold " + threshold);
                    }
                    runtime.close();
                    WorkerStatistics total = runtime.statistics().stream().reduce(WorkerStatistics.zero(),
                            WorkerStatistics::plus);
                    if (threshold == Integer.MAX_VALUE) {
                        // every younger brother is queued before the first inlet runs, so every cut finds some
                        assertTrue(total.jobsAborted() > 0, "refuted siblings were cancelled: " + total);
                    }
                }
            }
        }
    }

    @Test
    void mainReportsAPassedSelfCheckAndRefusesABadOpening() throws Exception {
        MainRun run = MainRun.of(GameTree.USAGE, 5, GameTree::run, "6", "2", "6", "5", "44");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
        MainRun bad = MainRun.of(GameTree.USAGE, 5, GameTree::run, "6", "2", "5", "4", "11111");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("opening moves: move 5 of '11111' is not playable"), bad.err());
    }
}
