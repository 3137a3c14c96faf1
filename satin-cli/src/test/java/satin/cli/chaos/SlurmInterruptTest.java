package satin.cli.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.fixture.Commands;
import satin.cli.fixture.Slurm;
import satin.ipl.security.PoolSecret;

/**
 * A double Ctrl-C of {@code srun} under the test Slurm: srun sends SIGINT to every task, then ends the step (SIGTERM,
 * SIGKILL). What the signals do is said once for the run, by rank 0, not once per task
 * ({@code satin.cli.run.LeaveOnSignal}). The signals are sent once every task has run jobs (each task's progress line:
 * an event). In the chaos profile: {@code mvn test -Pchaos -Dtest=SlurmInterruptTest}.
 */
@Timeout(300)
@EnabledIfSystemProperty(named = "chaos.runs", matches = "\\d+")
class SlurmInterruptTest {
    private static final int TASKS = 3;
    private static final Pattern PROGRESS = Pattern.compile("satin run: (\\S+) has run 20 jobs");

    @TempDir
    Path dir;

    @Test
    void aDoubleCtrlCIsAnnouncedOnceForTheRun() throws Exception {
        String why = Slurm.unavailable();
        Assumptions.assumeTrue(why == null, why);
        try (Slurm slurm = Slurm.start(dir, TASKS)) {
            Path secret = dir.resolve("pool.secret");
            PoolSecret.writeNew(secret);
            ProcessBuilder srun = slurm.command(List.of(Slurm.SRUN.toString(), "-n", "3", "-N", "3",
                    "--kill-on-bad-exit=0", "--wait=0", Commands.satin().get(0), "-cp",
                    System.getProperty("java.class.path"), "satin.cli.SatinCommand", "run", "--slurm",
                    "--pool-secret-file", secret.toString(), "--registry-host", "127.0.0.1", "--workers", "1",
                    "--announce-jobs", "20", "nqueens", "17"));
            try (Watched run = Watched.start(srun)) {
                Set<String> running = new HashSet<>();
                while (running.size() < TASKS) {
                    assertTrue(run.awaitErr(l -> matches(l, running), 240_000),
                            "not every task ran jobs: " + run.err() + slurm.logs());
                    collect(run.err(), running);
                }
                // two within a second: srun's own rule for passing the interrupt on and ending the step
                Commands.run("kill", "-INT", Long.toString(run.pid()));
                Commands.run("kill", "-INT", Long.toString(run.pid()));
                Integer status = run.awaitExit(120_000);
                assertNotNull(status, "srun did not end: " + run.err());
                String said = run.out() + run.err();
                assertEquals(1, count(said, "leaving the run gracefully"), said);
                assertTrue(count(said, "stopping at once") <= 1, said);
            }
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (slurm.leftOver() > 0) { // no task's JVM, no step daemon left under any slurmd
                assertTrue(System.nanoTime() < deadline, "task processes left after the run");
                Thread.sleep(100);
            }
        }
    }

    private static boolean matches(String line, Set<String> running) {
        Matcher m = PROGRESS.matcher(line);
        return m.find() && !running.contains(m.group(1));
    }

    private static void collect(String err, Set<String> running) {
        Matcher m = PROGRESS.matcher(err);
        while (m.find()) {
            running.add(m.group(1));
        }
    }

    private static int count(String text, String phrase) {
        int n = 0;
        for (int at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
            n++;
        }
        return n;
    }
}
