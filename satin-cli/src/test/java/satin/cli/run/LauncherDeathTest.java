package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node JVMs of {@code satin run --nodes N} end when their launcher is killed outright (no shutdown hook runs):
 * each reads its standard input after the start-up message until it ends ({@code --end-with-input}).
 */
@Timeout(180)
class LauncherDeathTest {

    @TempDir
    Path dir;

    @Test
    void nodesStopWhenTheirLauncherIsKilled() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = dir.resolve("launcher.log");
        Process launcher = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "satin.cli.SatinCommand", "run", "--nodes", "2", "--workers", "1", "--timeout", "120",
                "satin.runtime.testapps.FibMain", "60").redirectErrorStream(true).redirectOutput(log.toFile()).start();
        String pool = "--pool satin-" + launcher.pid() + "-";
        try {
            // the event: both nodes have read their start-up message and watch their input
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (watchingNodes(launcher) < 2) {
                assertTrue(launcher.isAlive(), () -> "launcher ended: " + read(log));
                assertTrue(System.nanoTime() < deadline, () -> "the nodes did not start: " + read(log));
                Thread.sleep(100);
            }
            launcher.destroyForcibly(); // SIGKILL
            assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher ended after SIGKILL");
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (MultiNodeRuns.nodeProcesses(pool) > 0) {
                assertTrue(System.nanoTime() < deadline, "node JVMs left running after their launcher was killed");
                Thread.sleep(100);
            }
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    /** The launcher's node JVMs that run the input watch (thread names in /proc are cut to 15 characters). */
    private static long watchingNodes(Process launcher) {
        return launcher.descendants().filter(p -> {
            try (var tasks = Files.list(Path.of("/proc", Long.toString(p.pid()), "task"))) {
                return tasks.anyMatch(t -> read(t.resolve("comm")).startsWith("satin-launcher-"));
            } catch (IOException | RuntimeException gone) {
                return false;
            }
        }).count();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
