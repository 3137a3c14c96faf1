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

    private static void assertEndedAsTheProgramAsked(MultiNodeRuns.Outcome o) {
        String err = o.err();
        for (String never : new String[] {"died", "succeeds", "runs main again", "exited", "did not end", "killed",
                "WARN", "ERROR", "error: node"}) {
            assertFalse(err.contains(never), "'" + never + "' in\n" + o.describe());
        }
    }
}
