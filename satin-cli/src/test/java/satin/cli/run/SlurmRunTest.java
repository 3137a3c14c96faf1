package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
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
    private static final Path SLURMCTLD = Path.of("/usr/sbin/slurmctld");
    private static final Path SLURMD = Path.of("/usr/sbin/slurmd");
    private static final Path SRUN = Path.of("/usr/bin/srun");
    private static final List<String> NODES = List.of("satin1", "satin2", "satin3");

    @TempDir
    static Path dir;
    private static Path conf;
    private static final List<Process> daemons = new ArrayList<>();

    @BeforeAll
    static void startSlurm() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(SLURMCTLD) && Files.isExecutable(SLURMD)
                && Files.isExecutable(SRUN), "Slurm (Debian's slurm-wlm) not installed; .ci/run installs it");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "slurmd runs its tasks as their user and needs root here");
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim(); // slurmctld checks its name
        for (String d : List.of("state", "log", "spool/satin1", "spool/satin2", "spool/satin3")) {
            Files.createDirectories(dir.resolve(d));
        }
        List<String> lines = new ArrayList<>(List.of("ClusterName=satintest", "SlurmctldHost=" + host + "(127.0.0.1)",
                "SlurmctldPort=" + freePort(), "SlurmdPort=" + freePort(), "AuthType=auth/none", "CredType=cred/none",
                "SlurmUser=root", "SlurmdUser=root", "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool") + "/%n", "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd-%n.pid"), "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd-%n.log"), "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none", "SelectType=select/cons_tres", "SelectTypeParameters=CR_CPU",
                "SchedulerType=sched/builtin", "MpiDefault=none", "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none", "ReturnToService=2", "KillWait=5"));
        for (String node : NODES) {
            lines.add("NodeName=" + node + " NodeHostname=" + node + " NodeAddr=127.0.0.1 Port=" + freePort()
                    + " CPUs=1 State=UNKNOWN");
        }
        lines.add("PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP");
        conf = dir.resolve("slurm.conf");
        Files.writeString(conf, String.join("\n", lines) + "\n");
        daemons.add(daemon(dir.resolve("log/slurmctld.out"), SLURMCTLD.toString(), "-D", "-f", conf.toString()));
        for (String node : NODES) {
            daemons.add(daemon(dir.resolve("log/" + node + ".out"), SLURMD.toString(), "-D", "-f", conf.toString(),
                    "-N", node));
        }
        // the event: all three nodes idle (registered with slurmctld)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            for (Process d : daemons) {
                assertTrue(d.isAlive(), () -> "a Slurm daemon ended: " + logs());
            }
            String idle = slurm("sinfo", "-h", "-N", "-t", "idle", "-o", "%N");
            if (idle.lines().filter(l -> NODES.contains(l.trim())).count() == NODES.size()) {
                break;
            }
            assertTrue(System.nanoTime() < deadline, () -> "the Slurm nodes did not become idle: " + idle + logs());
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process d : daemons) {
            all.add(d.toHandle());
            d.descendants().forEach(all::add);
            d.destroy(); // SIGTERM: the daemons shut down cleanly
        }
        for (Process d : daemons) {
            if (!d.waitFor(30, TimeUnit.SECONDS)) {
                d.destroyForcibly();
            }
        }
        for (ProcessHandle p : all) {
            p.destroyForcibly(); // e.g. slurmctld's slurmscriptd, when it outlived its parent
        }
        daemons.clear();
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
        ProcessBuilder srunCommand = new ProcessBuilder(List.of(SRUN.toString(), "-n", "3", "-N", "3", "--kill-on-bad-exit=1",
                java, "-cp", System.getProperty("java.class.path"), "satin.cli.SatinCommand", "run", "--slurm",
                "--pool-secret-file", secret.toString(), "--cluster-of", clusters.toString(), "--registry-host",
                "127.0.0.1", "--workers", "1", "--timeout", "120", "--stats", "nqueens", "14"))
                .redirectErrorStream(true).redirectOutput(out.toFile());
        srunCommand.environment().put("SLURM_CONF", conf.toString());
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
        ProcessBuilder sbatch = new ProcessBuilder("/usr/bin/sbatch", "--wait", "--nodes=3", "--ntasks-per-node=1",
                "--cpus-per-task=1", "--output=" + out, script.toString(), "nqueens", "12")
                .redirectErrorStream(true).redirectOutput(dir.resolve("sbatch.out").toFile());
        sbatch.environment().put("SLURM_CONF", conf.toString());
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

    /** Processes below the slurmd daemons (slurmstepd and the tasks). */
    private static long leftOver() {
        return daemons.stream().skip(1).flatMap(Process::descendants).filter(ProcessHandle::isAlive).count();
    }

    private static Process daemon(Path log, String... command) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Runs a Slurm client command against this test's Slurm and returns its output. */
    private static String slurm(String... command) throws Exception {
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
        b.environment().put("SLURM_CONF", conf.toString());
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static String logs() {
        StringBuilder b = new StringBuilder();
        try (var files = Files.list(dir.resolve("log"))) {
            for (Path f : files.toList()) {
                String text = read(f);
                b.append("\n--- ").append(f.getFileName()).append(":\n")
                        .append(text.length() > 3000 ? text.substring(text.length() - 3000) : text);
            }
        } catch (IOException e) {
            b.append(e);
        }
        return b.toString();
    }
}
