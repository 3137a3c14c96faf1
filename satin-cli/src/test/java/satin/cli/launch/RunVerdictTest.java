package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RunVerdictTest {

    private static RunVerdict declared(Integer... expendable) {
        return new RunVerdict(true, i -> "node" + i, new HashSet<>(Set.of(expendable)));
    }

    @Test
    void aNodeKilledFromOutsideIsReportedWithItsSignalAndLastLinesAndTheFinisherDecides() {
        RunVerdict v = declared();
        List<String> said = v.ended(2, 137, null, List.of("a", "b", "c", "d", "e"));
        assertEquals(List.of("satin run: node2 died: killed by SIGKILL (exit status 137); the run goes on without it;"
                + " its last lines:", "satin run:   [node2] b", "satin run:   [node2] c", "satin run:   [node2] d",
                "satin run:   [node2] e"), said);
        assertFalse(v.decided());
        assertEquals(List.of(), v.ended(1, 0, NodeEnd.Kind.FINISHED, List.of()));
        assertTrue(v.decided());
        assertEquals(List.of(), v.ended(0, 0, NodeEnd.Kind.SERVED, List.of()));
        assertEquals(0, v.status());
        assertNull(v.summary());
    }

    @Test
    void theFinishersStatusIsTheRunsEvenWhenOthersFailedOrDied() {
        RunVerdict v = declared();
        v.ended(3, 3, NodeEnd.Kind.FAILED, List.of("error: fenced"));
        v.ended(0, 134, null, List.of());
        v.ended(1, 1, NodeEnd.Kind.FINISHED, List.of());
        assertEquals(1, v.status(), "main threw on the node that ran it to its end");
        assertTrue(v.ended(2, 137, null, List.of()).get(0).endsWith("after the run ended"));
    }

    @Test
    void withoutAFinisherTheFirstDeclaredFailureThenExitsThenEveryDeathDecide() {
        RunVerdict failed = declared();
        failed.ended(2, 3, NodeEnd.Kind.FAILED, List.of());
        failed.ended(1, 2, NodeEnd.Kind.FAILED, List.of());
        failed.ended(0, 137, null, List.of());
        assertEquals(2, failed.status(), "node order");
        assertNull(failed.summary(), "the failed nodes said why");

        RunVerdict exited = declared();
        assertEquals(List.of("satin run: node1 exited with status 7 in the middle of the run (System.exit(7) in a job "
                + "running there); the run goes on without it"), exited.ended(1, 7, NodeEnd.Kind.EXITED, List.of()));
        assertTrue(exited.ended(0, 129, NodeEnd.Kind.EXITED, List.of()).get(0)
                .startsWith("satin run: node0 exited on SIGHUP (exit status 129) in the middle of the run"));
        assertEquals(129, exited.status());
        assertTrue(exited.summary().contains("no node finished the run"));

        RunVerdict dead = declared();
        dead.ended(0, 137, null, List.of());
        dead.ended(1, 143, null, List.of());
        assertEquals(RunVerdict.ALL_DIED, dead.status());
        assertEquals("satin run: every node died before the run ended", dead.summary());

        RunVerdict servedOnly = declared();
        servedOnly.ended(0, 137, null, List.of());
        servedOnly.ended(1, 0, NodeEnd.Kind.SERVED, List.of());
        assertEquals(0, servedOnly.status(), "a node saw the run end: the finisher died after it");
    }

    @Test
    void nodesKilledOnPurposeAreNotReported() {
        RunVerdict v = declared(1);
        assertEquals(List.of(), v.ended(1, 137, null, List.of("crashes on purpose")));
        v.ended(0, 0, NodeEnd.Kind.FINISHED, List.of());
        assertEquals(0, v.status());
    }

    @Test
    void nodesThatSayNothingFailTheRunWithTheirFirstNonZeroStatus() {
        RunVerdict v = new RunVerdict(false, i -> "node" + i, new HashSet<>(Set.of(2)));
        v.ended(2, 137, null, List.of());
        assertFalse(v.decided(), "killed on purpose");
        v.ended(1, 0, null, List.of());
        assertEquals(0, v.status());
        v.ended(0, 3, null, List.of());
        assertTrue(v.decided());
        assertEquals(3, v.status());
    }

    @Test
    void endLinesRoundTripAndOtherLinesAreNotEnds() {
        for (NodeEnd.Kind k : NodeEnd.Kind.values()) {
            assertEquals(k, NodeEnd.parse(NodeEnd.line(k)));
        }
        assertNull(NodeEnd.parse("satin-end\tsomething"));
        assertNull(NodeEnd.parse("[node1] satin-end\tfinished"));
    }

    @Test
    void statusesNameTheirSignals() {
        assertEquals("exit status 3", ExitStatus.describe(3));
        assertEquals("killed by SIGKILL (exit status 137)", ExitStatus.describe(137));
        assertEquals("killed by SIGTERM (exit status 143)", ExitStatus.describe(143));
        assertTrue(ExitStatus.describe(134).startsWith("aborted (SIGABRT"));
        assertEquals("crashed with SIGSEGV (exit status 139)", ExitStatus.describe(139));
        assertEquals("exit status 128", ExitStatus.describe(128));
        assertEquals("exit status 200", ExitStatus.describe(200));
    }
}
