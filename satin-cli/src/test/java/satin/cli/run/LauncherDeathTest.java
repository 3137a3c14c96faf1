package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.fixture.Commands;
import satin.cli.fixture.Interrupts;
import satin.cli.fixture.StillRunning;

/**
 * The node JVMs of {@code satin run --nodes N} end with their launcher, however it ends. Killed outright (no shutdown
 * hook runs), each node reads its standard input after the start-up message until it ends ({@code --end-with-input}).
 * Stopped by Ctrl-C (SIGINT to the launcher, or to the terminal's whole process group), the launcher stops its nodes,
 * says so in one line, with no stack trace (issue 29 item 9: an {@code UncheckedIOException: Stream closed} from
 * {@code satin-launcher-relay}), and ends with status 130 once no node is left.
 */
@Timeout(180)
class LauncherDeathTest {

    @TempDir
    Path dir;

    @Test
    void nodesStopWhenTheirLauncherIsKilled() throws Exception {
        Started s = start(false);
        try {
            s.launcher.destroyForcibly(); // SIGKILL
            Interrupts.awaitEnd(s.launcher, s.log, "SIGKILL");
            awaitGone(s.nodes, "SIGKILL");
        } finally {
            s.cleanUp();
        }
    }

    /** kill -INT of the launcher alone: it stops the nodes (they get no signal) and says so. */
    @Test
    void ctrlCToTheLauncherStopsTheNodesAndSaysSoInOneLine() throws Exception {
        Started s = start(true);
        try {
            Commands.run("kill", "-INT", Long.toString(s.launcher.pid()));
            Interrupts.awaitEnd(s.launcher, s.log, "SIGINT");
            String out = Commands.read(s.log);
            assertEquals(130, s.launcher.exitValue(), out);
            assertEquals("", Interrupts.alive(s.nodes), "the launcher ended before its nodes\n" + out);
            assertTrue(out.endsWith("satin run: SIGINT: stopped node0, node1\n"), out);
            Interrupts.assertNoStackTrace(out);
        } finally {
            s.cleanUp();
        }
    }

    /**
     * Ctrl-C at a terminal: SIGINT to the launcher's whole process group, its nodes included (started through
     * {@code setsid}, the launcher leads its own group). The nodes may end on their own signal before the launcher
     * looks, so the line names those it found running.
     */
    @Test
    void ctrlCToTheProcessGroupEndsEverythingWithOneLine() throws Exception {
        Started s = start(true);
        try {
            Commands.run("kill", "-INT", "--", "-" + s.launcher.pid());
            Interrupts.awaitEnd(s.launcher, s.log, "SIGINT to the process group");
            String out = Commands.read(s.log);
            assertEquals(130, s.launcher.exitValue(), out);
            assertEquals("", Interrupts.alive(s.nodes), "the launcher ended before its nodes\n" + out);
            assertTrue(out.matches("(?s).*\\| busy.*\\nsatin run: SIGINT: stopped[^\\n]*\\n"),
                    "after the progress lines, the stop's line as the last\n" + out);
            Interrupts.assertNoStackTrace(out);
        } finally {
            s.cleanUp();
        }
    }

    private record Started(Process launcher, Path log, List<ProcessHandle> nodes) {
        void cleanUp() {
            nodes.forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    /**
     * A launcher of two nodes running a long program, once the event came: both nodes have read their start-up message
     * and watch their input, and (with {@code progress}) the launcher has printed its first progress line.
     */
    private Started start(boolean progress) throws Exception {
        Path log = dir.resolve("launcher.log");
        List<String> args = new ArrayList<>(List.of("run", "--nodes", "2", "--workers", "1", "--timeout", "120"));
        if (progress) {
            args.add("--progress");
        }
        args.addAll(List.of("satin.runtime.testapps.FibMain", "60"));
        // setsid: its own process group, as a command at a terminal; env: SIGINT's default action (see Interrupts)
        List<String> command = new ArrayList<>(List.of("setsid"));
        command.addAll(Interrupts.interruptible(Commands.satin(args.toArray(String[]::new))));
        Process launcher = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        List<ProcessHandle> nodes = List.of();
        while (nodes.size() < 2 || progress && !Commands.read(log).contains("| busy")) {
            assertTrue(launcher.isAlive(), () -> "launcher ended: " + Commands.read(log));
            assertTrue(System.nanoTime() < deadline, () -> "the nodes did not start:\n"
                    + StillRunning.describe(launcher.toHandle()) + "log:\n" + Commands.read(log));
            Thread.sleep(100);
            nodes = Interrupts.watching(launcher.descendants());
        }
        return new Started(launcher, log, nodes);
    }

    private static void awaitGone(List<ProcessHandle> nodes, String after) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Interrupts.alive(nodes).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, () -> "node JVMs left running 60 s after " + after + ":\n"
                    + Interrupts.alive(nodes));
            Thread.sleep(100);
        }
    }
}
