package satin.apps.uts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import satin.apps.common.MainRun;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * Node counts against the published ones: the four UTS sample trees of about 4 million nodes (T1 fixed geometric,
 * T2 cyclic, T3 binomial, T5 linear) and the fixed geometric tree of depth 11 (the lifeline GLB benchmarks'),
 * sequentially and on two workers; the larger published trees run in {@code satin bench uts}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(300)
class UtsTest {

    @Test
    void theSequentialTwinCountsThePublishedSampleTrees() {
        for (String name : new String[] {"T1", "T2", "T3", "T5", "11"}) {
            Trees.Named tree = Trees.PUBLISHED.get(name);
            assertEquals(tree.nodes(), SequentialUts.compute(tree.tree()), name);
        }
    }

    @Test
    void twoWorkersCountThePublishedTrees() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("uts").withWorkers(2))) {
            for (String name : new String[] {"T1", "T3", "11"}) {
                Trees.Named tree = Trees.PUBLISHED.get(name);
                assertEquals(tree.nodes(), (long) runtime.call(() -> Uts.compute(tree.tree())), name);
            }
        }
    }

    @Test
    void everySpawnQueuedCountsTheSameAsTheSequentialTwin() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("uts-queued").withWorkers(2)
                .withInlineThreshold(Integer.MAX_VALUE))) {
            Tree binomial = new Tree(0, 0, 200, 0, 0.124875, 8, 42);
            for (Tree tree : new Tree[] {Tree.geometric(7, 19), Tree.geometric(6, 3), binomial}) {
                assertEquals(SequentialUts.compute(tree), (long) runtime.call(() -> Uts.compute(tree)),
                        tree.options());
            }
        }
    }

    @Test
    void offWorkersEverySpawnIsACall() {
        assertEquals(4_147_582L, Uts.compute(Tree.T5));
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(Uts.USAGE, 1, Uts::run, "t1");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("nodes of T1 (-t 1 -a 3 -d 10 -b 4 -r 19) = 4130071"), run.out());
        assertTrue(run.out().contains("self-check passed: equals the reference count 4,130,071"), run.out());
        MainRun unpublished = MainRun.of(Uts.USAGE, 1, Uts::run, "6");
        assertEquals(0, unpublished.status(), unpublished.out() + unpublished.err());
        assertTrue(unpublished.out().contains("self-check passed: equals the sequential count"), unpublished.out());
    }

    @Test
    void anUnknownTreeIsRejected() throws Exception {
        MainRun run = MainRun.of(Uts.USAGE, 1, Uts::run, "T9");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("unknown tree 'T9'"), run.err());
    }

    @Test
    void theOptionsAreTheReferenceImplementations() {
        assertEquals("-t 1 -a 3 -d 10 -b 4 -r 19", Tree.T1.options());
        assertEquals("-t 0 -b 2000 -q 0.200014 -m 5 -r 7", Tree.T3L.options());
        assertEquals("-t 1 -a 3 -d 13 -b 4 -r 29", Tree.T1L.options());
    }
}
