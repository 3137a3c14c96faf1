package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Node JVMs booted ahead of their run ({@link LocalLauncher#boot}): each is handed over once, and those a run never
 * adopted end when the launcher abandons them (a run that failed before it started its nodes leaves none behind).
 */
class LocalLauncherBootTest {

    @Test
    void bootedJvmsAreAdoptedOnceAndTheOthersEndWhenAbandoned() throws Exception {
        // a node JVM that waits for its options on its input, as a booted node does
        LocalLauncher launcher = new LocalLauncher("satin.cli.run.NodeProcess", 2, 1_000, null, List.of());
        Set<Long> before = ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
        launcher.boot(i -> List.of("--options-on-stdin"));
        Process adopted = launcher.booted(0);
        assertNotNull(adopted);
        assertNull(launcher.booted(0), "handed over once");
        List<ProcessHandle> others = ProcessHandle.current().children()
                .filter(h -> h.pid() != adopted.pid() && !before.contains(h.pid())).toList();
        assertEquals(1, others.size(), "the second booted JVM");
        launcher.abandon();
        assertNull(launcher.booted(1), "abandoned");
        // bounded by the test's own patience, not a guess about timing: the kill is immediate, the exit is reaped
        others.get(0).onExit().get(60, TimeUnit.SECONDS);
        assertTrue(adopted.isAlive(), "the adopted JVM is the run's, not the launcher's to abandon");
        adopted.destroyForcibly().waitFor(60, TimeUnit.SECONDS);
    }
}
