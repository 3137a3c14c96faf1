package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.fixture.Commands;
import satin.cli.fixture.Slurm;
import satin.ipl.security.PoolSecret;

/**
 * {@code srun -n 3 satin run --slurm ... nqueens 14} under a real Slurm on this machine: Debian's slurm-wlm, with a
 * slurmctld and three slurmd daemons (nodes satin1-3, one processor each, each slurmd on its own port, started
 * with {@code -N}) configured here in a temporary directory, without munge ({@code auth/none}: nothing outside
 * this machine's loopback talks to them). The tasks find rank, size and first host in Slurm's environment,
 * rank 0 runs the registry, the clusters come from a {@code --cluster-of} file (satin1 in one, satin2 and satin3
 * in the other). Skipped where slurm-wlm is not installed or the test is not root (.ci/run installs it).
 */
@Timeout(400)
class SlurmRunTest {
    @TempDir
    static Path dir;
    private static Slurm slurm;

    @BeforeAll
    static void startSlurm() throws Exception {
        String why = Slurm.unavailable();
        Assumptions.assumeTrue(why == null, why);
        slurm = Slurm.start(dir, 3);
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (slurm != null) {
            slurm.close();
        }
    }

    @Test
    void threeTasksInTwoClustersGiveTheAnswerAndLeaveNothingBehind() throws Exception {
        Path secret = dir.resolve("pool.secret"); // on a file system every task sees (here: the one machine's)
        PoolSecret.writeNew(secret);
        Path clusters = dir.resolve("clusters.txt");
        Files.writeString(clusters, "satin1 amsterdam\nsatin2 delft\nsatin3 delft\n");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("srun.out");
        // the node names satin1-3 are Slurm's only: the tasks reach rank 0's registry at 127.0.0.1
        ProcessBuilder srunCommand = slurm.command(List.of(Slurm.SRUN.toString(), "-n", "3", "-N", "3", "--kill-on-bad-exit=0", "--wait=0",
                java, "-cp", System.getProperty("java.class.path"), "satin.cli.SatinCommand", "run", "--slurm",
                "--pool-secret-file", secret.toString(), "--cluster-of", clusters.toString(), "--registry-host",
                "127.0.0.1", "--workers", "1", "--timeout", "120", "--stats=full", "nqueens", "14"))
                .redirectErrorStream(true).redirectOutput(out.toFile());
        Process srun = srunCommand.start();
        try {
            assertTrue(srun.waitFor(300, TimeUnit.SECONDS), () -> "srun did not end: " + read(out) + logs());
            String said = read(out);
            assertEquals(0, srun.exitValue(), said + logs());
            assertTrue(said.contains("solutions of 14-queens = 365596"), said);
            assertTrue(said.contains("satin run --slurm: 3 tasks, registry at 127.0.0.1:"), said);
            for (String node : List.of("satin1-0\\s+amsterdam", "satin2-1\\s+delft", "satin3-2\\s+delft")) {
                assertTrue(said.matches("(?s).*" + node + "\\s+1\\s.*"), node + " in the master's statistics\n" + said);
            }
        } finally {
            srun.destroyForcibly();
            srun.waitFor(30, TimeUnit.SECONDS);
        }
        // nothing left: no task's JVM, no step daemon under any slurmd
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (leftOver() > 0) {
            assertTrue(System.nanoTime() < deadline, "task processes left after the run");
            Thread.sleep(100);
        }
    }

    /**
     * The shipped batch script, submitted with sbatch as a user would (with this build's satin command and the
     * test machine's registry address given through its environment variables), runs to the right answer.
     */
    @Test
    void theExampleBatchScriptRunsUnderSbatch() throws Exception {
        Path script = Path.of("..", "examples", "slurm", "satin.sbatch").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(script), script + " missing");
        Path secret = dir.resolve("batch.secret"); // not there yet: the script makes it
        Path out = dir.resolve("batch.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder sbatch = slurm.command(List.of("/usr/bin/sbatch", "--wait", "--nodes=3", "--ntasks-per-node=1",
                "--cpus-per-task=1", "--output=" + out, script.toString(), "nqueens", "12"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("sbatch.out").toFile());
        sbatch.environment().put("SATIN_POOL_SECRET_FILE", secret.toString());
        sbatch.environment().put("SATIN_COMMAND", java + " -cp " + System.getProperty("java.class.path")
                + " satin.cli.SatinCommand");
        sbatch.environment().put("SATIN_RUN_OPTIONS", "--registry-host 127.0.0.1 --timeout 120");
        sbatch.environment().put("CLUSTER_OF", "satin(\\d)"); // three clusters, one per node
        Process p = sbatch.start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), () -> "sbatch did not end: " + read(out) + logs());
        String said = read(out);
        assertEquals(0, p.exitValue(), read(dir.resolve("sbatch.out")) + said + logs());
        assertTrue(said.contains("solutions of 12-queens = 14200"), said);
        assertTrue(Files.isRegularFile(secret), "the script made the pool secret");
        for (String node : List.of("satin1-0\\s+1", "satin2-1\\s+2", "satin3-2\\s+3")) {
            assertTrue(said.matches("(?s).*" + node + "\\s+1\\s.*"), node + " with 1 worker\n" + said);
        }
    }

    @Test
    void outsideAnAllocationTheErrorSaysToUseSrun() {
        Assumptions.assumeTrue(System.getenv("SLURM_PROCID") == null, "this JVM runs under srun itself");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--slurm", "--insecure", "satin.runtime.testapps.FibMain", "5");
        assertEquals(2, o.exit(), o.describe());
        assertTrue(o.err().contains("error: --slurm: SLURM_PROCID is not set: --slurm runs inside a Slurm "
                + "allocation, started by srun"), o.describe());
    }

    private static long leftOver() {
        return slurm.leftOver();
    }

    private static String logs() {
        return slurm.logs();
    }

    private static String read(Path file) {
        return Commands.read(file);
    }
}
