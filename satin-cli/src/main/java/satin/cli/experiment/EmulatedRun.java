package satin.cli.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.cli.launch.LocalLauncher;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;
import satin.cli.run.NodeProcess;
import satin.simulator.model.Platform;
import satin.virtual.VirtualWork;
import satin.virtual.WaitLedger;

/**
 * Runs one configuration on real node JVMs on this machine: one JVM per node of the simulated {@link Platform} (one
 * worker each, the node's speed as its virtual-work speed, its cluster as its location), an embedded registry, the
 * IPL's WAN emulation with the platform's wide-area links scaled by the time scale ({@link WanFile}), and the
 * virtual-work program running the tree. Reads back the master's statistics and every node's wait ledger.
 */
final class EmulatedRun {

    /** One configuration: the same platform, tree and seed the simulator gets, plus the time scale. */
    record Config(Platform platform, String tree, long sequentialNanos, BalancePolicies policy, long seed,
            double timeScale) {
    }

    /** How to run node JVMs. */
    record Settings(String transport, long timeoutSeconds, List<String> jvmOptions, Path traceFile, boolean keepFiles) {
    }

    /** A site's (cluster's) share of the work done and of the compute power. */
    record Site(String name, int nodes, double workShare, double powerShare) {
    }

    /**
     * What a run measured. Times in seconds at the emulation's scale (divide by S for the paper's scale); overheads
     * and efficiencies are ratios and need no scaling.
     */
    record Result(double runSeconds, double sequentialSeconds, double efficiency, double gridEfficiency,
            double commOverhead, double parOverhead, long jobs, long intraMessages, long intraBytes,
            long interMessages, long interBytes, long intraStealAttempts, long interStealAttempts,
            double meanOvershootRatio, double maxOvershootMicros, double overshootsOver2Percent,
            double cpuSeconds, double wallSeconds, List<Site> sites) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private EmulatedRun() {
    }

    static Result run(Config config, Settings settings) throws IOException, InterruptedException {
        long wallStart = System.nanoTime();
        Platform platform = config.platform();
        ClusterMap clusters = platform.topology().clusters();
        int n = platform.nodeCount();
        Path dir = Files.createTempDirectory("satin-experiment-");
        try {
            Path topology = WanFile.write(platform.topology(), config.timeScale(), dir.resolve("topology.wan"));
            Path stats = dir.resolve("stats.json");
            String pool = "experiment-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
            LocalLauncher launcher = new LocalLauncher(NodeProcess.class.getName(), n, 10_000, null,
                    concat(NodeJvm.options(true), settings.jvmOptions()),
                    i -> List.of("-D" + VirtualWork.SPEED_PROPERTY + "=" + platform.speed(i),
                            "-D" + WaitLedger.LEDGER_PROPERTY + "=" + dir.resolve("ledger-" + i + ".json")));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            StringWriter errText = new StringWriter();
            PrintWriter err = new PrintWriter(errText);
            // a pool secret as in every run; links only authenticated (not encrypted), as in the measured figures
            Path secret = PoolSecret.writeNewTemporary("satin-experiment-secret-");
            launcher.security(PoolSecurity.of(PoolSecret.read(secret), EncryptionPolicy.NONE));
            int status;
            try {
                // The nodes read the registry's address on standard input (--registry -) and compute their
                // serialization list themselves (no list in the start-up message).
                status = launcher.run(i -> withSecret(nodeArgs(config, settings, i, n, WanFile.clusterName(
                        platform.topology(), clusters.clusterOf(i)), pool, "-", topology, stats), secret),
                        List::of, out, err, a -> { });
            } finally {
                Files.deleteIfExists(secret);
                Files.deleteIfExists(secret.getParent());
            }
            err.flush();
            String output = out.toString(StandardCharsets.UTF_8);
            if (status != 0 || !output.contains("self-check passed")) {
                throw new IOException("the emulated run failed (exit status " + status + ")\n" + output + errText);
            }
            return measure(config, platform, stats, dir, treeSeconds(output), (System.nanoTime() - wallStart) / 1e9);
        } finally {
            if (!settings.keepFiles()) {
                deleteTree(dir);
            }
        }
    }

    /** The node's arguments with the run's secret and no encryption, before the program's name. */
    private static List<String> withSecret(List<String> nodeArgs, Path secret) {
        List<String> a = new ArrayList<>(List.of("--pool-secret-file", secret.toString(), "--encrypt", "none"));
        a.addAll(nodeArgs);
        return a;
    }

    private static List<String> nodeArgs(Config c, Settings s, int i, int n, String cluster, String pool,
            String registry, Path topology, Path stats) {
        // the launcher keeps the nodes' standard input open after the start-up message: they stop when it is gone
        List<String> a = new ArrayList<>(List.of("--registry", registry, "--end-with-input", "--nodes",
                Integer.toString(n), "--cluster", cluster, "--node-name", LocalLauncher.nodeName(i), "--pool", pool,
                "--workers", "1", "--algorithm", c.policy().name(), "--transport", s.transport(),
                "--timeout", Long.toString(s.timeoutSeconds()), "--wan", topology.toString(),
                "--stats-json", stats.toString()));
        a.addAll(List.of("virtual", c.tree(), "--seed", Long.toString(c.seed()), "--time-scale",
                Double.toString(c.timeScale())));
        return a;
    }

    private static final java.util.regex.Pattern TREE_RAN = java.util.regex.Pattern.compile("tree ran ([0-9.]+) s");

    /** The time the program's tree took, as it printed it (the run's t_p; see {@link #measure}). */
    static double treeSeconds(String output) throws IOException {
        java.util.regex.Matcher m = TREE_RAN.matcher(output);
        if (!m.find()) {
            throw new IOException("the virtual-work program did not say how long its tree ran:\n" + output);
        }
        return Double.parseDouble(m.group(1));
    }

    /**
     * t_p is the time the program's tree ran, from the root's spawn to its result, as the program measured it on
     * the master; not the master's whole {@code main}, which also loads and sets up the program (measured: 0.2 to
     * 0.5 s of a 2-node run on this machine, a fixed cost that the paper's 70-second runs did not see in this
     * proportion). That setup counts as idle time on the other nodes, so it is taken off each node's idle time.
     */
    private static Result measure(Config c, Platform platform, Path statsFile, Path dir, double treeSeconds, double wall)
            throws IOException {
        JsonNode stats = JSON.readTree(statsFile.toFile());
        ClusterMap clusters = platform.topology().clusters();
        int n = platform.nodeCount();
        double tp = treeSeconds;
        double setup = Math.max(0, stats.get("main_ms").asDouble() / 1e3 - tp);
        double ts = c.sequentialNanos() / 1e9 / c.timeScale();
        double totalSpeed = platform.totalSpeed();
        double perfect = ts / totalSpeed;
        // Node reports come in member order, which is not launch order: match them by name.
        double weightedIdle = 0;
        double cpu = 0;
        for (JsonNode node : stats.get("nodes")) {
            int i = Integer.parseInt(node.get("node").asText().substring("node".length()));
            weightedIdle += platform.speed(i) * Math.max(0, node.get("idleNanos").asDouble() / 1e9 - setup);
            cpu += node.get("processCpuNanos").asDouble() / 1e9;
        }
        double comm = weightedIdle / totalSpeed;
        double[] work = new double[clusters.clusterCount()];
        double[] power = new double[clusters.clusterCount()];
        long jobs = 0;
        double overshoot = 0;
        double waited = 0;
        double maxOvershoot = 0;
        double over2 = 0;
        for (int i = 0; i < n; i++) {
            Path ledgerFile = dir.resolve("ledger-" + i + ".json");
            power[clusters.clusterOf(i)] += platform.speed(i);
            if (!Files.isRegularFile(ledgerFile)) {
                continue; // a node that never ran a job writes none
            }
            JsonNode ledger = JSON.readTree(ledgerFile.toFile());
            work[clusters.clusterOf(i)] += ledger.get("workNanos").asDouble();
            jobs += ledger.get("jobs").asLong();
            overshoot += ledger.get("overshootNanos").asDouble();
            waited += ledger.get("waitedNanos").asDouble();
            maxOvershoot = Math.max(maxOvershoot, ledger.get("maxOvershootNanos").asDouble() / 1e3);
            over2 += ledger.get("overshootsOver2Percent").asDouble();
        }
        double totalWork = 0;
        for (double w : work) {
            totalWork += w;
        }
        List<Site> sites = new ArrayList<>();
        for (int k = 0; k < work.length; k++) {
            sites.add(new Site(platform.topology().clusterName(k), clusters.clusterSize(k),
                    totalWork == 0 ? 0 : work[k] / totalWork, power[k] / totalSpeed));
        }
        JsonNode total = stats.get("total");
        return new Result(tp, ts, ts / (tp * n), perfect / tp, comm / perfect, (tp - comm - perfect) / perfect, jobs,
                total.get("intraClusterMessages").asLong(), total.get("intraClusterBytes").asLong(),
                total.get("interClusterMessages").asLong(), total.get("interClusterBytes").asLong(),
                total.get("intraClusterStealAttempts").asLong(), total.get("interClusterStealAttempts").asLong(),
                waited == 0 ? 0 : overshoot / waited, maxOvershoot, jobs == 0 ? 0 : over2 / jobs, cpu, wall,
                List.copyOf(sites));
    }

    /** Makes the class-data-sharing archive of the node JVMs once per jar (a one-node run that archives at exit). */
    static void prepareArchive(Settings settings) {
        if (Files.isRegularFile(NodeJvm.archive())) {
            return;
        }
        try {
            LocalLauncher launcher = new LocalLauncher(NodeProcess.class.getName(), 1, 10_000, null, NodeJvm.archiving())
                    .security(PoolSecurity.insecure()); // one node, only to write the archive
            launcher.run(i -> List.of("--insecure", "--registry", "-", "--nodes", "1", "--cluster", "c", "--node-name", "n0",
                    "--pool", "archive-" + System.nanoTime(), "--workers", "1", "--transport", settings.transport(),
                    "virtual", "ai,totalNanos=20000000,leafNanos=1000000"), List::of, new ByteArrayOutputStream(),
                    new PrintWriter(new StringWriter()), a -> { });
        } catch (IOException e) {
            // no archive: the nodes start a little slower
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }

    static String describe(Result r) {
        return String.format(Locale.ROOT, "t_p %.2f s, eff %.1f%%", r.runSeconds(), 100 * r.efficiency());
    }
}
