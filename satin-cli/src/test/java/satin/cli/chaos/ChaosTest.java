package satin.cli.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.chaos.ChaosRun.Attack;
import satin.cli.fixture.Slurm;
import satin.cli.fixture.Sshd;
import satin.ipl.security.PoolSecret;

/**
 * The chaos suite: real runs ({@code satin run --nodes}, {@code --hosts} over the test sshd, the shipped Slurm batch
 * script under the test Slurm) attacked from outside with real signals at moments a seed chooses (see
 * {@link ChaosRun}). The default build runs a few fixed seeds per way of starting a run, which cover every attack;
 * {@code mvn test -Pchaos -Dtest=ChaosTest} runs hundreds ({@code chaos.runs}, per deployment {@code chaos.runs.local} etc.; seeds
 * from {@code chaos.first}; {@code chaos.attack=KILL_NODE} etc. makes every seed's attack that one). One seed again:
 * {@code -Dchaos.seed=S -Dchaos.deployment=local|ssh|slurm} (with the same {@code chaos.attack}, if one was given).
 * {@code -Dchaos.victim=I} makes node index I (by name: under Slurm, rank I) every seed's victim, keeping the seed's
 * moment: {@code -Dchaos.victim=0} with {@code KILL_NODE} kills the master, and under Slurm the registry with it.
 */
class ChaosTest {
    // Seed s takes attack s mod its list's size, so the lists are ordered for the default build's few seeds: local's
    // first 4, ssh's first 2 and Slurm's 2 cover every attack (STOP_LONG through ssh, a launcher's death locally and
    // through ssh); -Pchaos's hundreds of seeds rotate through whole lists.
    private static final List<Attack> LOCAL = List.of(Attack.KILL_NODE, Attack.STOP_SHORT, Attack.KILL_LAUNCHER,
            Attack.HUP_LAUNCHER, Attack.STOP_LONG, Attack.KILL_NODE);
    private static final List<Attack> SSH = List.of(Attack.KILL_LAUNCHER, Attack.STOP_LONG, Attack.KILL_NODE);
    private static final List<Attack> SLURM = List.of(Attack.KILL_NODE, Attack.STOP_SHORT);
    private static final int DEFAULT_LOCAL = 4;
    private static final int DEFAULT_SSH = 2;

    @TempDir
    static Path dir;
    private static Sshd sshd;
    private static Slurm slurm;

    @AfterAll
    static void stop() throws Exception {
        if (sshd != null) {
            sshd.close();
        }
        if (slurm != null) {
            slurm.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> local() {
        return runs("local", LOCAL, 0, DEFAULT_LOCAL, Deployment::local);
    }

    @TestFactory
    Stream<DynamicTest> ssh() {
        return runs("ssh", SSH, 0, DEFAULT_SSH, () -> {
            String why = Sshd.unavailable();
            Assumptions.assumeTrue(why == null, why);
            if (sshd == null) {
                sshd = Sshd.start(Files.createDirectories(dir.resolve("sshd")));
            }
            Path hosts = dir.resolve("hosts.txt");
            Files.writeString(hosts, "127.0.0.2 c0 1\n127.0.0.3 c1 1\n127.0.0.4 c0 1\n127.0.0.2 c1 1\n");
            return Deployment.ssh(sshd, hosts);
        });
    }

    /**
     * Under Slurm, rank 0 runs the registry as well as a node: its death is the registry's too, which the other ranks
     * ride out (satin.runtime.node.RegistryOutage), so every rank is a victim.
     */
    @TestFactory
    Stream<DynamicTest> slurm() {
        return runs("slurm", SLURM, 0, SLURM.size(), () -> {
            String why = Slurm.unavailable();
            Assumptions.assumeTrue(why == null, why);
            if (slurm == null) {
                slurm = Slurm.start(Files.createDirectories(dir.resolve("slurm")), Deployment.NODES);
            }
            Path secret = dir.resolve("pool.secret");
            if (!Files.exists(secret)) {
                PoolSecret.writeNew(secret);
            }
            Path clusters = dir.resolve("clusters.txt");
            Files.writeString(clusters, "satin1 c0\nsatin2 c1\nsatin3 c0\nsatin4 c1\n");
            Path script = Path.of("..", "examples", "slurm", "satin.sbatch").toAbsolutePath().normalize();
            return Deployment.slurm(slurm, secret, script, clusters, dir.resolve("slurm-" + System.nanoTime() + ".out"));
        });
    }

    interface Setup {
        Deployment get() throws Exception;
    }

    private static Stream<DynamicTest> runs(String name, List<Attack> attacks, int firstVictim, int defaultRuns,
            Setup setup) {
        String only = System.getProperty("chaos.deployment");
        Long seed = Long.getLong("chaos.seed");
        LongStream seeds;
        if (seed != null) {
            seeds = only == null || only.equals(name) ? LongStream.of(seed) : LongStream.empty();
        } else {
            int runs = Integer.getInteger("chaos.runs." + name, Integer.getInteger("chaos.runs", defaultRuns));
            long first = Long.getLong("chaos.first", 0L);
            seeds = LongStream.range(first, first + runs);
        }
        String attack = System.getProperty("chaos.attack");
        List<Attack> chosen = attack == null || attack.isBlank() ? attacks : List.of(Attack.valueOf(attack.trim()));
        Integer victim = Integer.getInteger("chaos.victim");
        return seeds.mapToObj(s -> DynamicTest.dynamicTest(name + " seed " + s, () -> {
            Deployment d = setup.get();
            ChaosRun.Plan plan = ChaosRun.plan(s, chosen, firstVictim);
            if (victim != null) {
                plan = new ChaosRun.Plan(plan.seed(), plan.attack(), victim, plan.delayMillis(), plan.stopMillis());
            }
            System.out.println(ChaosRun.run(plan, d));
        }));
    }
}
