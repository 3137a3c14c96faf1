package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code System.exit(n)} in the program's {@code main} on a multi-node run ends the whole run with status n: the
 * answer printed once, no node taken for dead, no successor running {@code main} again, no node killed by the
 * launcher (issue 29 item 1). Before: the others took the master's exit for a crash and a successor ran {@code main}
 * again (the answer twice; with status 1 the run ended with "node1 did not end 10000 ms after another node failed;
 * killed"). A crash of the master is still recovered: {@code MultiNodeFaultsTest} (injected) and the chaos suite
 * (SIGKILL from outside).
 */
@Timeout(180)
class MainExitTest {

    private static final String PROGRAM = ExitingMain.class.getName();

    @Test
    void systemExitZeroInMainEndsTheRunOnceWithStatusZero() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--workers", "1", PROGRAM, "0", "64", "20");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().matches("slow tree 64 = \\d+ over 64 leaves \\(checked\\)\n"), o.describe());
        assertEndedAsTheProgramAsked(o);
    }

    @Test
    void systemExitOneInMainEndsTheRunOnceWithStatusOne() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1", PROGRAM, "1",
                "64", "20");
        assertEquals(1, o.exit(), o.describe());
        assertTrue(o.programOut().matches("slow tree 64 = \\d+ over 64 leaves \\(checked\\)\n"), o.describe());
        assertEndedAsTheProgramAsked(o);
    }

    /** A bundled app that ends its main with System.exit(2) after a usage error: the usage once, status 2. */
    @Test
    void aBundledAppsUsageErrorIsPrintedOnceWithItsStatus() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--workers", "1", "nqueens", "99");
        assertEquals(2, o.exit(), o.describe());
        String all = o.programOut() + o.out() + o.err();
        assertEquals(1, all.split("usage: nqueens", -1).length - 1, o.describe());
        assertEndedAsTheProgramAsked(o);
    }

    /**
     * {@code System.exit(7)} in a job on another node than the master ends that node only: one line names it and the
     * status, the others recover its work, and the run ends right with main's status (issue 31: before, the right
     * answer came with exit status 7 and no line saying which node had exited).
     */
    @Test
    void systemExitInAJobOnAnotherNodeEndsThatNodeOnlyAndIsNamed() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--workers", "1", JobExitMain.class.getName(),
                "128", "20", "node2");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().matches("slow tree 128 = \\d+ over 128 leaves \\(checked\\)\n"), o.describe());
        assertTrue(o.err().contains("satin run: node2 exited with status 7 in the middle of the run (System.exit(7) in "
                + "a job running there); the run goes on without it"), o.describe());
        assertFalse(o.err().contains("node0 exited") || o.err().contains("node1 exited"), o.describe());
    }

    /**
     * A thread of a node's JVM that dies of OutOfMemoryError takes the node out of the pool at once, with the cause
     * named, and the others recover its work (issue 31: a worker that ran out of memory while sending a result left
     * its node in the pool, and the master failed after 60 s with "node 1 did not answer a steal request").
     */
    @Test
    void aThreadDyingOfOutOfMemoryErrorTakesItsNodeOutWithTheCauseNamed() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--workers", "1", JobExitMain.class.getName(),
                "128", "20", "node2", "oom");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().matches("slow tree 128 = \\d+ over 128 leaves \\(checked\\)\n"), o.describe());
        assertTrue(o.err().contains("satin run: node2 died: exit status 70; the run goes on without it"), o.describe());
        assertTrue(o.err().contains("[node2] satin run: node2: thread payload-encoder died of java.lang.OutOfMemoryError:"
                + " Java heap space (thrown by JobExitMain): this node stops, the others recover its work"), o.describe());
    }

    private static void assertEndedAsTheProgramAsked(MultiNodeRuns.Outcome o) {
        String err = o.err();
        for (String never : new String[] {"died", "succeeds", "runs main again", "exited", "did not end", "killed",
                "WARN", "ERROR", "error: node"}) {
            assertFalse(err.contains(never), "'" + never + "' in\n" + o.describe());
        }
    }
}
