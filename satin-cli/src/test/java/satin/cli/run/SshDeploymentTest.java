package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.fixture.Commands;
import satin.cli.fixture.Interrupts;
import satin.cli.fixture.Sshd;
import satin.cli.fixture.StillRunning;

/**
 * satin run --hosts over a real OpenSSH server on this machine, reached at 127.0.0.2, 127.0.0.3 and 127.0.0.4
 * as three hosts (Linux routes all of 127/8 to the loopback interface). The server runs with a host key, a user
 * key and a configuration made here; skipped where OpenSSH's server is not installed or the test is not root
 * (.ci/run installs it).
 */
@Timeout(300)
class SshDeploymentTest {
    @TempDir
    static Path dir;
    private static Sshd sshd;
    private static Path sshConfig;

    @BeforeAll
    static void startSshd() throws Exception {
        String why = Sshd.unavailable();
        Assumptions.assumeTrue(why == null, why);
        sshd = Sshd.start(dir);
        sshConfig = sshd.clientConfig();
    }

    @AfterAll
    static void stopSshd() throws Exception {
        if (sshd != null) {
            sshd.close();
        }
    }

    private static void run(String... command) throws Exception {
        Commands.run(command);
    }

    private static String read(Path file) {
        return Commands.read(file);
    }

    /** The remote run directories on this machine (the hosts' ${TMPDIR:-/tmp} is this JVM's /tmp). */
    private static List<String> runIds() {
        List<String> left = new ArrayList<>();
        try (var files = Files.list(Path.of("/tmp"))) {
            files.filter(f -> f.getFileName().toString().startsWith("satin-run-") && Files.isDirectory(f))
                    .forEach(f -> left.add(f.toString()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return left;
    }

    @Test
    void threeHostsInTwoClustersOverSshGiveTheAnswerAndLeaveNothingBehind() throws Exception {
        List<String> before = runIds();
        Path hosts = dir.resolve("hosts.txt");
        Files.writeString(hosts, "# host cluster workers java-options\n127.0.0.2 vu 1 -Xmx256m\n"
                + "127.0.0.3 uva 1 --node-address=127.0.0.3\n"
                + "127.0.0.4 uva 1 -Xmx200m -XX:+UseSerialGC\n");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--hosts", hosts.toString(), "--ssh-option=-F",
                "--ssh-option=" + sshConfig, "--advertise", "127.0.0.1", "--timeout", "120", "--stats=full",
                "satin.runtime.testapps.FibMain", "22");
        assertEquals(0, o.exit(), o.describe() + "\nsshd: " + read(dir.resolve("sshd.log")));
        assertTrue(o.programOut().matches("(?s).*\\[127\\.0\\.0\\.[234]\\] Fib 22 = 17711 .*"), o.describe());
        for (String node : List.of("127-0-0-2\\s+vu", "127-0-0-3\\s+uva", "127-0-0-4\\s+uva")) {
            assertTrue(o.programOut().matches("(?s).*\\[127\\.0\\.0\\.[234]\\] " + node + "\\s+1\\s.*"),
                    node + " ran with 1 worker in the master's statistics\n" + o.describe());
        }
        assertEquals(before, runIds(), "every remote run directory removed");
    }

    /**
     * One host keeps a different secret (its line names its own file): the registry refuses it, the launcher
     * prints that and the node's own error, leaves it out of the pool and the other two give the answer, long
     * before --timeout.
     */
    @Test
    void aHostWithTheWrongSecretIsRefusedOnBothSidesAndTheRunGoesOnWithoutIt() throws Exception {
        Path right = dir.resolve("right.secret");
        Path wrong = dir.resolve("wrong.secret");
        satin.ipl.security.PoolSecret.writeNew(right);
        satin.ipl.security.PoolSecret.writeNew(wrong);
        Path hosts = dir.resolve("hosts-wrong.txt");
        Files.writeString(hosts, "127.0.0.2 vu 1\n127.0.0.3 uva 1\n127.0.0.4 uva 1 -Dsatin.pool-secret-file=" + wrong
                + "\n");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--hosts", hosts.toString(), "--shared-fs", "--ssh-option=-F",
                "--ssh-option=" + sshConfig, "--advertise", "127.0.0.1", "--pool-secret-file", right.toString(),
                "--timeout", "300", "--stats=full", "satin.runtime.testapps.FibMain", "22");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("Fib 22 = 17711"), o.describe());
        assertTrue(o.err().matches("(?s).*\\[127\\.0\\.0\\.4\\] error: .*pool authentication failed.*"),
                "the refused node's side\n" + o.describe());
        // (the node reaches the registry at --advertise 127.0.0.1, so that is its source address)
        assertTrue(o.err().matches("(?s).*satin run: the registry refused a node that could not prove the pool "
                + "secret: /127\\.0\\.0\\.1:\\d+: .*the pool secrets differ.*"), "the registry's side\n" + o.describe());
        assertTrue(o.err().contains("satin run: going on without 127.0.0.4"), o.describe());
        for (String node : List.of("127-0-0-2\\s+vu", "127-0-0-3\\s+uva")) {
            assertTrue(o.programOut().matches("(?s).*" + node + "\\s+1\\s.*"), node + " in the statistics\n"
                    + o.describe());
        }
        assertTrue(o.programOut().contains("satin statistics (2 nodes"), o.describe());
        assertTrue(!o.programOut().contains("127-0-0-4"), o.describe());
    }

    @Test
    void ctrlCStopsEveryRemoteNode() throws Exception {
        stopTheLauncherAndSeeEveryRemoteNodeEnd("-INT", "hosts2.txt");
    }

    /**
     * A launcher killed outright runs no shutdown hook: its ssh processes lose their standard input, each
     * remote node reads its end after the start-up message (--end-with-input) and stops.
     */
    @Test
    void aKilledLauncherLeavesNoRemoteNode() throws Exception {
        stopTheLauncherAndSeeEveryRemoteNodeEnd("-KILL", "hosts3.txt");
    }

    /**
     * The event that starts the stop: both remote node JVMs have read their start-up message and watch their input
     * (their thread {@code satin-launcher-watch}; /proc cuts thread names to 15 characters). Then the signal; the
     * launcher's end, its status and its own line are the events asserted on. The waits are bounded only as a safety
     * net, and a wait that runs out says what was still running (the launcher's threads, its children, the nodes).
     */
    private void stopTheLauncherAndSeeEveryRemoteNodeEnd(String signal, String hostsName) throws Exception {
        List<String> before = runIds();
        Path hosts = dir.resolve(hostsName);
        Files.writeString(hosts, "127.0.0.2 vu 1\n127.0.0.3 uva 1\n");
        Path log = dir.resolve("launcher.log");
        Process launcher = new ProcessBuilder(Interrupts.interruptible(Commands.satin("run", "--hosts",
                hosts.toString(), "--shared-fs", "--ssh-option=-F", "--ssh-option=" + sshConfig, "--advertise",
                "127.0.0.1", "--timeout", "120", "satin.runtime.testapps.FibMain", "60"))).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        String pool = "--pool satin-" + launcher.pid() + "-";
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (Interrupts.watchingNodes(pool).size() < 2) {
                assertTrue(launcher.isAlive(), () -> "launcher ended: " + read(log));
                assertTrue(System.nanoTime() < deadline, () -> "the two remote nodes did not start:\n"
                        + StillRunning.describe(launcher.toHandle()) + "log:\n" + read(log));
                Thread.sleep(100);
            }
            run("kill", signal, Long.toString(launcher.pid()));
            Interrupts.awaitEnd(launcher, log, "kill " + signal);
            if (signal.equals("-INT")) {
                // the launcher ends only once its nodes have: nothing is left, the remote directories are removed
                assertEquals(130, launcher.exitValue(), read(log));
                assertTrue(read(log).contains("satin run: SIGINT: stopped 127.0.0.2, 127.0.0.3\n"), read(log));
                Interrupts.assertNoStackTrace(read(log));
                assertEquals("", Interrupts.alive(Interrupts.nodeProcesses(pool)), "node processes left after the "
                        + "launcher ended");
                assertEquals(before, runIds(), "every remote run directory removed");
            } else {
                // no hook ran: each node learns it from the end of its input, after the launcher's end
                Interrupts.awaitNoNodeProcess(pool, "kill " + signal);
                // (an interrupted node's empty run directory may stay behind in the host's /tmp: see the README)
            }
        } finally {
            launcher.destroyForcibly(); // a failed assertion must not leave the launcher (and its nodes) running
            launcher.waitFor(30, TimeUnit.SECONDS);
            for (String d : runIds()) {
                if (!before.contains(d)) {
                    try (var files = Files.walk(Path.of(d))) {
                        files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                    }
                }
            }
        }
    }
}
