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
import java.util.Map;
import java.util.stream.Stream;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.cli.launch.LocalLauncher;
import satin.cli.run.TimelineFiles;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;
import satin.simulator.model.Platform;

/**
 * Runs one configuration on real node JVMs on this machine: one JVM per node of the simulated {@link Platform} (one
 * worker each, the node's speed as its virtual-work speed, its cluster as its location), an embedded registry, the
 * IPL's WAN emulation with the platform's wide-area links scaled by the time scale ({@link WanFile}), and the
 * virtual-work program running the tree. Reads back the master's statistics and every node's wait ledger.
 */
final class EmulatedRun {

    /**
     * One configuration: the same platform, tree and seed the simulator gets, plus the time scale and the costs the
     * nodes pay on purpose ({@link Costs}).
     */
    record Config(Platform platform, String tree, long sequentialNanos, BalancePolicies policy, long seed,
            double timeScale, Costs costs) {
        /** A configuration without emulated costs. */
        Config(Platform platform, String tree, long sequentialNanos, BalancePolicies policy, long seed, double timeScale) {
            this(platform, tree, sequentialNanos, policy, seed, timeScale, Costs.NONE);
        }
    }

    /**
     * Costs the emulated nodes pay on purpose, those the simulator models for the paper's GridLab runs
     * ({@code satin.simulator.paper.PaperCosts}): every node computes at {@code cpuShare} of its platform speed (its
     * virtual-work speed is multiplied by it; efficiency stays against the platform's speeds, as the paper's against its
     * measured ones), and a victim holds a synchronous steal request from another cluster for
     * {@code wideAreaSyncAnswerDelayNanos} of paper time (divided by the time scale for the nodes, {@link
     * satin.runtime.node.EmulatedCosts}) before it answers.
     */
    record Costs(double cpuShare, long wideAreaSyncAnswerDelayNanos) {
        static final Costs NONE = new Costs(1, 0);

        Costs {
            if (!(cpuShare > 0 && cpuShare <= 1)) {
                throw new IllegalArgumentException("the CPU share must be in (0, 1], got " + cpuShare);
            }
            if (wideAreaSyncAnswerDelayNanos < 0) {
                throw new IllegalArgumentException("the answer delay cannot be negative, got " + wideAreaSyncAnswerDelayNanos + " ns");
            }
        }

        static Costs of(satin.simulator.paper.PaperCosts paper) {
            return new Costs(paper.cpuShare(), paper.wideAreaSyncAnswerDelayNanos());
        }

        /** The nodes' answer delay in real nanoseconds at time scale {@code scale}. */
        long answerDelayNanosAt(double scale) {
            return Math.round(wideAreaSyncAnswerDelayNanos / scale);
        }
    }

    /** How to run node JVMs. */
    /** How to run the nodes; {@code jvms} host JVMs share them (0: one per cluster; see {@link NodeHost}). */
    record Settings(String transport, long timeoutSeconds, List<String> jvmOptions, Path traceFile, boolean keepFiles,
            int jvms, boolean sharedWidePaths) {
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
            double meanOvershootRatio, double maxOvershootMicros, double overshootsOver2Percent, double meanEarlyRatio,
            double cpuSeconds, double wallSeconds, List<Site> sites, boolean countsOverTreeOnly) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The share of the tree's work the master first runs as an unmeasured warm-up tree (VirtualWork --warm-up): a
     * node JVM's first steals and results pay for class loading, compilation and serializer set-up (measured on 4 host
     * JVMs: 80-130 ms per first steal, where later ones take 1-10 ms), which at time scale 50 is several seconds of the
     * paper's time; the paper's 70-second runs did not see it in that proportion.
     */
    static final double WARM_UP = 0.05;

    private EmulatedRun() {
    }

    static Result run(Config config, Settings settings) throws IOException, InterruptedException {
        return run(config, settings, jobs -> { });
    }

    /**
     * Runs the configuration; {@code jobsDone} hears, about once a second while the tree runs, how many of its jobs
     * the nodes have run (live progress).
     */
    static Result run(Config config, Settings settings, java.util.function.LongConsumer jobsDone)
            throws IOException, InterruptedException {
        long wallStart = System.nanoTime();
        Platform platform = config.platform();
        int n = platform.nodeCount();
        List<List<Integer>> hosts = hosts(platform, settings.jvms());
        Path dir = Files.createTempDirectory("satin-experiment-");
        try {
            Path topology = WanFile.write(platform.topology(), config.timeScale(), dir.resolve("topology.wan"));
            Path stats = dir.resolve("stats.json");
            String pool = "experiment-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
            int largest = hosts.stream().mapToInt(List::size).max().orElse(1);
            LocalLauncher launcher = new LocalLauncher(NodeHost.class.getName(), hosts.size(), 10_000, null,
                    concat(NodeJvm.options(true, largest), settings.jvmOptions()));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            StringWriter errText = new StringWriter();
            PrintWriter err = new PrintWriter(new ProgressLines(errText, jobsDone));
            // a pool secret as in every run; links only authenticated (not encrypted), as in the measured figures
            Path secret = PoolSecret.writeNewTemporary("satin-experiment-secret-");
            launcher.security(PoolSecurity.of(PoolSecret.read(secret), EncryptionPolicy.NONE));
            int status;
            try {
                // Each host reads the registry's address on standard input, computes the serialization list once,
                // and stops when its standard input ends (the launcher is gone).
                status = launcher.run(h -> hostArgs(config, settings, hosts.get(h), h, pool, topology, stats, dir,
                        secret), List::of, out, err, a -> { });
            } finally {
                Files.deleteIfExists(secret);
                Files.deleteIfExists(secret.getParent());
            }
            err.flush();
            if (settings.traceFile() != null) {
                List<Path> parts = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    parts.add(NodeHost.timelinePart(dir, LocalLauncher.nodeName(i)));
                }
                TimelineFiles.merge(settings.traceFile(), parts, "monotonic (one machine)");
            }
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

    /**
     * Which nodes each host JVM runs: {@code jvms} hosts (0: one per cluster), each a run of consecutive clusters'
     * nodes, as even in size as whole clusters allow when there are at most as many hosts as clusters.
     */
    static List<List<Integer>> hosts(Platform platform, int jvms) {
        ClusterMap clusters = platform.topology().clusters();
        int n = platform.nodeCount();
        int k = Math.min(n, jvms <= 0 ? clusters.clusterCount() : jvms);
        List<Integer> ordered = new ArrayList<>();
        for (int c = 0; c < clusters.clusterCount(); c++) {
            for (int i = 0; i < n; i++) {
                if (clusters.clusterOf(i) == c) {
                    ordered.add(i);
                }
            }
        }
        List<List<Integer>> hosts = new ArrayList<>();
        for (int h = 0; h < k; h++) {
            hosts.add(new ArrayList<>(ordered.subList(h * n / k, (h + 1) * n / k)));
        }
        return hosts;
    }

    /** The arguments of host JVM {@code host}, which runs {@code nodes}; package-private for tests. */
    static List<String> hostArgs(Config c, Settings s, List<Integer> nodes, int host, String pool,
            Path topology, Path stats, Path dir, Path secret) {
        Platform platform = c.platform();
        ClusterMap clusters = platform.topology().clusters();
        List<String> a = new ArrayList<>(List.of("--registry", "-", "--pool-secret-file", secret.toString(), "--pool", pool,
                "--pool-size", Integer.toString(platform.nodeCount()), "--algorithm", c.policy().name(),
                "--transport", s.transport(), "--timeout", Long.toString(s.timeoutSeconds()),
                "--wan", topology.toString(), "--stats-json", stats.toString(), "--ledger-dir", dir.toString(),
                "--cpu-file", dir.resolve("cpu-" + host).toString(), "--progress-millis", "1000"));
        if (s.traceFile() != null) {
            a.addAll(List.of("--timeline-dir", dir.toString()));
        }
        if (s.sharedWidePaths()) {
            a.addAll(List.of("--wan-paths", dir.resolve("wan-paths").toString()));
        }
        long delay = c.costs().answerDelayNanosAt(c.timeScale());
        if (delay > 0) {
            a.addAll(List.of("--wide-sync-answer-delay-ns", Long.toString(delay)));
        }
        for (int i : nodes) {
            a.addAll(List.of("--node", LocalLauncher.nodeName(i) + "@"
                    + WanFile.clusterName(platform.topology(), clusters.clusterOf(i)) + "=" + platform.speed(i) * c.costs().cpuShare()));
        }
        a.addAll(List.of("--", c.tree(), "--seed", Long.toString(c.seed()), "--time-scale",
                Double.toString(c.timeScale()), "--warm-up", Double.toString(WARM_UP)));
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
     * proportion). A node's idle time is taken over the measured tree alone ({@link TreeCounts#idleOverTree}); where the
     * master's host JVM did not see every node, the master's time outside the tree is taken off each node's idle time.
     */
    private static Result measure(Config c, Platform platform, Path statsFile, Path dir, double treeSeconds, double wall)
            throws IOException {
        JsonNode stats = JSON.readTree(statsFile.toFile());
        ClusterMap clusters = platform.topology().clusters();
        int n = platform.nodeCount();
        double tp = treeSeconds;
        double setup = Math.max(0, stats.get("mainMs").asDouble() / 1e3 - tp);
        double ts = c.sequentialNanos() / 1e9 / c.timeScale();
        double totalSpeed = platform.totalSpeed();
        double perfect = ts / totalSpeed;
        // Node reports come in member order, which is not launch order: match them by name. Each node's idle time over
        // the measured tree where the master's host saw every node at its start and end; else from the node's start less
        // the master's time outside the tree, which also takes off the warm-up tree's busy time (an underestimate).
        Map<String, Long> treeIdle = TreeCounts.idleOverTree(dir, n);
        double weightedIdle = 0;
        for (JsonNode node : stats.get("nodes")) {
            String name = node.get("node").asText();
            int i = Integer.parseInt(name.substring("node".length()));
            Long overTree = treeIdle == null ? null : treeIdle.get(name);
            double idle = overTree != null ? overTree / 1e9 : Math.max(0, node.get("idleMs").asDouble() / 1e3 - setup);
            weightedIdle += platform.speed(i) * idle;
        }
        // The host JVMs' processor time (a node's own figure is its JVM's, shared by the nodes it hosts).
        double cpu = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("cpu-")).toList()) {
                cpu += Long.parseLong(Files.readString(f).trim()) / 1e9;
            }
        }
        double comm = weightedIdle / totalSpeed;
        double[] work = new double[clusters.clusterCount()];
        double[] power = new double[clusters.clusterCount()];
        long jobs = 0;
        double overshoot = 0;
        double waited = 0;
        double maxOvershoot = 0;
        double over2 = 0;
        double early = 0;
        for (int i = 0; i < n; i++) {
            Path ledgerFile = dir.resolve("ledger-" + LocalLauncher.nodeName(i) + ".json");
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
            early += ledger.path("earlyNanos").asDouble();
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
        TreeCounts.Counts tree = TreeCounts.read(dir, n);
        TreeCounts.Counts counts = tree != null ? tree : TreeCounts.Counts.of(total);
        return new Result(tp, ts, ts / (tp * n), perfect / tp, comm / perfect, (tp - comm - perfect) / perfect, jobs,
                counts.intraMessages(), counts.intraBytes(), counts.interMessages(), counts.interBytes(),
                counts.intraStealAttempts(), counts.interStealAttempts(),
                waited == 0 ? 0 : overshoot / waited, maxOvershoot, jobs == 0 ? 0 : over2 / jobs,
                waited == 0 ? 0 : early / waited, cpu, wall,
                List.copyOf(sites), tree != null);
    }

    /** Makes the class-data-sharing archive of the host JVMs once per jar (a one-node run that archives at exit). */
    static void prepareArchive(String transport) {
        if (Files.isRegularFile(NodeJvm.archive())) {
            return;
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("satin-experiment-archive-");
            LocalLauncher launcher = new LocalLauncher(NodeHost.class.getName(), 1, 10_000, null, NodeJvm.archiving())
                    .security(PoolSecurity.insecure()); // one node, only to write the archive
            Path ledgers = dir;
            launcher.run(i -> List.of("--insecure", "--pool", "archive-" + System.nanoTime(), "--pool-size", "1",
                    "--transport", transport, "--ledger-dir", ledgers.toString(), "--node", "n0@c=1",
                    "--", "ai,totalNanos=20000000,leafNanos=1000000"), List::of, new ByteArrayOutputStream(),
                    new PrintWriter(new StringWriter()), a -> { });
        } catch (IOException e) {
            // no archive: the hosts start a little slower
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (dir != null) {
                deleteTree(dir);
            }
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
