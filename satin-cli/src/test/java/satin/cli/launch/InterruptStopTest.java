package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one line a launcher prints when it is stopped from outside (the stop itself: LauncherDeathTest). */
class InterruptStopTest {

    @Test
    void namesTheSignalAndTheNodesStopped() {
        assertEquals("satin run: SIGINT: stopped node0, node1",
                InterruptStop.line("SIGINT", List.of("node0", "node1"), List.of()));
    }

    @Test
    void namesTheNodesThatHadToBeKilled() {
        assertEquals("satin run: SIGTERM: stopped node0; killed node1 (still running 10 s after being told to stop)",
                InterruptStop.line("SIGTERM", List.of("node0"), List.of("node1")));
    }

    @Test
    void saysSoWhenNoNodeWasRunning() {
        assertEquals("satin run: SIGINT: stopped; no node was running",
                InterruptStop.line("SIGINT", List.of(), List.of()));
    }

    @Test
    void withoutASignalThreadTheExitIsTheJvms() {
        assertEquals("the launcher's JVM exits", InterruptStop.signalName());
    }
}
