package satin.cli.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import java.net.InetAddress;
import satin.balance.BalancePolicies;
import satin.cli.launch.LocalLauncher;
import satin.cli.launch.NodeEnd;
import satin.cli.launch.StartupMessage;
import satin.cli.slurm.ClusterRule;
import satin.cli.slurm.SlurmTask;
import satin.ipl.security.EncryptionPolicy;
import satin.runtime.launch.PoolSecuritySettings;
import satin.runtime.launch.LaunchSettings;
import satin.runtime.launch.PoolLaunch;
import satin.runtime.launch.ReportText;
import satin.runtime.node.classes.ClassNames;
import satin.runtime.node.NodeOptions;
import satin.runtime.node.report.RunReport;
import satin.runtime.node.SatinNode;
import satin.runtime.node.classes.SerializationClasses;
import satin.runtime.timeline.Timeline;

/**
 * The multi-node forms of {@code satin run}: with {@code --registry}, this JVM is one node of a pool; with only
 * {@code --nodes N}, this JVM launches a registry and N node JVMs on this machine ({@link LocalLauncher}),
 * each of which runs the first form.
 */
final class MultiNodeRun implements Callable<Integer> {

    /** {@code --registry -}: the registry address, and possibly more, come on standard input. */
    static final String FROM_STDIN = "-";
    /** The node option that ends the node when its standard input ends (its launcher is gone). */
    static final String END_WITH_INPUT = "--end-with-input";
    /** What {@code --nodes N} on this machine encrypts unless {@code --encrypt} says otherwise. */
    static final String LOCAL_ENCRYPTION = "none";

    private final RunCommand cmd;
    private final PrintWriter out;
    private final StatusLineWriter err;
    private KillPlan kills = KillPlan.NONE;
    private KillPlan leaves = KillPlan.NONE;
    private PartitionPlan partitions = PartitionPlan.NONE;
    private JoinPlan joins = JoinPlan.NONE;

    MultiNodeRun(RunCommand cmd, PrintWriter out, StatusLineWriter err) {
        this.cmd = cmd;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        BalancePolicies algorithm;
        try {
            algorithm = BalancePolicies.parse(cmd.algorithm);
            validate();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        Class<?> mainClass;
        try {
            mainClass = cmd.resolve(ClassPaths.loader(cmd.classpath, RunCommand.class.getClassLoader()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        for (String name : cmd.register) {
            try {
                ClassNames.resolve(name, mainClass.getClassLoader());
            } catch (ClassNotFoundException e) {
                err.println("error: --register: " + e.getMessage());
                return 2;
            }
        }
        if (cmd.slurm) {
            return slurmTask(algorithm, mainClass);
        }
        return cmd.registry == null ? launch(mainClass) : joinPool(algorithm, mainClass, false);
    }

    private void validate() {
        EncryptionPolicy.parse(cmd.encrypt);
        if (cmd.wan != null) {
            try {
                satin.ipl.wan.WanProvider.topology(cmd.wan); // the launcher checks it once, not each node JVM
            } catch (IOException e) {
                throw new IllegalArgumentException("--wan: " + e.getMessage() + " (see 'satin wan')");
            }
        }
        for (String setting : cmd.iplSettings) {
            int eq = setting.indexOf('=');
            if (eq <= 0 || !setting.startsWith("ipl.")) {
                throw new IllegalArgumentException("--ipl-setting wants KEY=VALUE with an ipl.* key, got '" + setting
                        + "'");
            }
        }
        if (cmd.portRange != null && !cmd.portRange.matches("\\d{1,5}(-\\d{1,5})?")) {
            throw new IllegalArgumentException("--port-range must be PORT or LOW-HIGH, e.g. 9000-9100, got '"
                    + cmd.portRange + "'");
        }
        boolean slurmOnly = cmd.clusterOf != null || cmd.registryPort != null || cmd.registryHost != null;
        if (slurmOnly && !cmd.slurm) {
            throw new IllegalArgumentException("--cluster-of, --registry-port and --registry-host need --slurm");
        }
        if (cmd.nodeAddress != null && cmd.registry == null && !cmd.slurm) {
            throw new IllegalArgumentException("--node-address is the address of this JVM's node: it needs --registry"
                    + " or --slurm");
        }
        if (cmd.slurm) {
            if (cmd.nodes != null || cmd.registry != null || cmd.hosts != null || cmd.cluster != null
                    || cmd.nodeName != null || !cmd.kill.isEmpty() || cmd.endWithInput) {
                throw new IllegalArgumentException("--slurm takes the pool size, the registry, the node's name and "
                        + "cluster from Slurm: it cannot be combined with --nodes, --registry, --hosts, --cluster, "
                        + "--node-name, --kill or --end-with-input");
            }
            if (cmd.registryPort != null && (cmd.registryPort < 1 || cmd.registryPort > 65535)) {
                throw new IllegalArgumentException("--registry-port must be 1-65535, got " + cmd.registryPort);
            }
            return;
        }
        if (cmd.hosts != null) {
            if (cmd.nodes != null || cmd.registry != null || cmd.cluster != null || cmd.nodeName != null) {
                throw new IllegalArgumentException("--hosts names the nodes, their clusters and workers itself: it "
                        + "cannot be combined with --nodes, --registry, --cluster or --node-name");
            }
            if (cmd.timeline != null) {
                throw new IllegalArgumentException("--trace is not supported with --hosts yet (each node would write"
                        + " its part on its own host)");
            }
            hostsFile = HostsFile.read(cmd.hosts);
            cmd.nodes = hostsFile.hosts().size();
            return;
        }
        if (cmd.endWithInput && !FROM_STDIN.equals(cmd.registry)) {
            throw new IllegalArgumentException("--end-with-input needs --registry - (it watches the standard input"
                    + " after the start-up lines)");
        }
        if (cmd.sharedFs || !cmd.sshOptions.isEmpty() || cmd.advertise != null) {
            throw new IllegalArgumentException("--shared-fs, --ssh-option and --advertise need --hosts FILE");
        }
        if (cmd.join) {
            if (cmd.registry == null) {
                throw new IllegalArgumentException("--join joins a running pool through its registry: it needs "
                        + "--registry HOST:PORT and --cluster NAME");
            }
            if (cmd.noFaultTolerance) {
                throw new IllegalArgumentException("--join with --no-fault-tolerance: only a run with fault tolerance "
                        + "takes nodes that join while it runs");
            }
            if (cmd.nodes == null) {
                cmd.nodes = 1; // not used: a joiner joins whatever the pool's size
            }
        }
        if (!cmd.addNodeAfter.isEmpty()) {
            if (cmd.registry != null || cmd.nodes == null) {
                throw new IllegalArgumentException("--add-node-after needs --nodes without --registry (the launcher "
                        + "starts the added nodes; by hand, start one with satin run --registry HOST:PORT --join)");
            }
            if (cmd.noFaultTolerance) {
                throw new IllegalArgumentException("--add-node-after with --no-fault-tolerance: only a run with fault "
                        + "tolerance takes nodes that join while it runs");
            }
            joins = JoinPlan.parse(cmd.addNodeAfter);
        }
        if (cmd.nodes == null) {
            throw new IllegalArgumentException("--registry needs --nodes N (the size of the pool), or --join (to join "
                    + "a running pool)");
        }
        if (cmd.nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + cmd.nodes);
        }
        if (cmd.timeoutSeconds < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 second, got " + cmd.timeoutSeconds);
        }
        if (!List.of("tcp", "udp").contains(cmd.transport)) {
            throw new IllegalArgumentException("unknown --transport '" + cmd.transport + "' (expected tcp or udp)");
        }
        if (cmd.sequentialTime != null && cmd.sequentialTime <= 0) {
            throw new IllegalArgumentException("--sequential-time must be positive, got " + cmd.sequentialTime);
        }
        if (cmd.detectionMillis < 100) {
            throw new IllegalArgumentException("--detection-time must be at least 100 ms, got " + cmd.detectionMillis);
        }
        if (!cmd.kill.isEmpty() && cmd.registry != null) {
            throw new IllegalArgumentException("--kill needs --nodes without --registry (the launcher kills its own "
                    + "node JVMs)");
        }
        if (!cmd.kill.isEmpty() && cmd.noFaultTolerance) {
            throw new IllegalArgumentException("--kill with --no-fault-tolerance would only fail the run");
        }
        if (!cmd.leave.isEmpty() && cmd.registry != null) {
            throw new IllegalArgumentException("--leave needs --nodes without --registry (a node started by hand "
                    + "leaves on SIGTERM or Ctrl-C)");
        }
        if (!cmd.leave.isEmpty() && cmd.noFaultTolerance) {
            throw new IllegalArgumentException("--leave with --no-fault-tolerance would only fail the run");
        }
        if (!cmd.partition.isEmpty()) {
            if (cmd.registry != null) {
                throw new IllegalArgumentException("--partition needs --nodes without --registry (the launcher tells "
                        + "its own node JVMs when to cut their links)");
            }
            if (cmd.noFaultTolerance) {
                throw new IllegalArgumentException("--partition with --no-fault-tolerance would only fail the run");
            }
            if (cmd.wan == null) {
                throw new IllegalArgumentException("--partition needs --wan PRESET|FILE: the WAN emulation layer cuts "
                        + "the wide-area links (e.g. --wan table2.1-20ms-1000KBs)");
            }
            partitions = PartitionPlan.parse(cmd.partition, cmd.clusters);
            if (partitions.cuts().size() == cmd.clusters) {
                throw new IllegalArgumentException("--partition cuts every cluster: no node would be left to end the "
                        + "run (the master's cluster may be cut: a node of another cluster then runs main again)");
            }
        }
        kills = KillPlan.parse(cmd.kill, cmd.nodes);
        leaves = KillPlan.parseLeaves(cmd.leave, cmd.nodes);
        for (int i = 0; i < cmd.nodes; i++) {
            if (kills.names(i) && leaves.names(i)) {
                throw new IllegalArgumentException("node" + i + " is named by both --kill and --leave");
            }
        }
        if (cmd.registry == null) {
            if (cmd.clusters < 1 || cmd.clusters > cmd.nodes) {
                throw new IllegalArgumentException("--clusters must be between 1 and --nodes (" + cmd.nodes
                        + "), got " + cmd.clusters);
            }
            if (cmd.cluster != null || cmd.nodeName != null) {
                throw new IllegalArgumentException("--cluster and --node-name need --registry (without it, the "
                        + "launcher names the nodes and assigns the clusters itself)");
            }
        } else if (cmd.cluster == null) {
            throw new IllegalArgumentException("--registry needs --cluster NAME");
        }
    }

    // ---- launcher ----

    private Integer launch(Class<?> mainClass) {
        if (hostsFile == null && !explicit("--encrypt")) {
            // Every link of a local run is on this machine's loopback, which only root can read or alter, and root
            // reads the secret file too: encrypting it protects nothing, while making a TLS identity and running
            // the handshakes cost each node JVM a few hundred milliseconds of processor time at start (measured,
            // satin-cli/README.md). The links stay authenticated by the pool secret.
            cmd.encrypt = LOCAL_ENCRYPTION;
        }
        int workers = explicit("--workers") ? cmd.workers
                : Math.max(1, Runtime.getRuntime().availableProcessors() / cmd.nodes);
        String poolName = "satin-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        LocalLauncher launcher = new LocalLauncher(NodeProcess.class.getName(), cmd.nodes, 10_000, null,
                cmd.nodeJvmOptions).nodesDeclareTheirEnd();
        for (int k = 0; k < joins.size(); k++) {
            long jobs = joins.afterJobs().get(k);
            launcher.addLater(new LocalLauncher.LateNode(joins.afterMillis().get(k),
                    jobs > 0 ? JoinPlan.announcement(LocalLauncher.nodeName(0) + "@" + LocalLauncher.clusterName(0,
                            cmd.clusters), jobs) : null));
        }
        // Every node would compute the same list from the same class path: computed once here (or read from the
        // last run's), while they boot.
        Callable<List<String>> serializationList = () -> SerializationListCache.get(mainClass, cmd.classpath,
                cmd.register, () -> SerializationClasses.forProgram(mainClass, cmd.classpath,
                        mainClass.getClassLoader(), cmd.register));
        kills.afterMillis().keySet().forEach(launcher::expendable);
        kills.afterJobs().keySet().forEach(launcher::expendable);
        for (int i = 0; i < cmd.nodes; i++) {
            if (partitions.cuts(i % cmd.clusters)) {
                launcher.expendable(i); // fenced when the cut outlasts the detection time
            }
        }
        RunSecret secret = null;
        Path wanPaths = null;
        try {
            if (hostsFile == null) {
                // local nodes get their options on their input (NodeHandover), so their JVMs can start now and boot
                // while this JVM makes the pool secret and its keys (the security providers' first use, ~0.1 s)
                launcher.boot(i -> List.of(NodeHandover.OPTIONS_ON_INPUT));
            }
            wanPaths = shareWidePaths();
            PoolSecuritySettings security;
            if (cmd.insecure) {
                security = new PoolSecuritySettings(null, true, policy());
            } else {
                secret = cmd.poolSecretFile != null ? null : RunSecret.create();
                security = new PoolSecuritySettings(cmd.poolSecretFile != null ? cmd.poolSecretFile : secret.file(),
                        false, policy());
            }
            launcher.security(security.registrySecurity());
            launcher.poolName(poolName);
            if (hostsFile != null) {
                List<String> extra = new ArrayList<>();
                if (secret != null) {
                    extra.add(secret.file().toString());
                }
                if (cmd.classpath != null) {
                    extra.addAll(List.of(cmd.classpath.split(java.io.File.pathSeparator)));
                }
                ssh = new SshNodes(hostsFile.hosts(), cmd.sshOptions, cmd.sharedFs,
                        cmd.advertise != null ? cmd.advertise : InetAddress.getLocalHost().getCanonicalHostName(), extra);
                launcher.remote(ssh);
            }
            ProgressDisplay display = null;
            if (cmd.progressShown()) {
                ProgressBoard board = new ProgressBoard(true);
                launcher.takeErrorLines(line -> {
                    ProgressWire.Report r = ProgressWire.parse(line);
                    if (r != null) {
                        board.report(r.node(), r.cluster(), r.progress());
                    }
                    return r != null;
                });
                display = new ProgressDisplay(err, board, b -> { }, Boolean.TRUE.equals(cmd.progress));
                launcher.beforeStopLine(display::stop); // Ctrl-C: the line saying so replaces the progress line
            }
            java.io.OutputStream programOutput = display == null ? cmd.programOutput()
                    : new BesideStatusOutput(cmd.programOutput(), err); // never on the progress line's line
            int status;
            try {
                IntFunction<List<String>> arguments = i -> nodeArguments(i, workers, poolName, security);
                if (ssh == null) {
                    // local nodes get their options parsed (NodeHandover): no picocli model built in every node JVM
                    NodeHandover.Encoder handover = new NodeHandover.Encoder();
                    launcher.nodeInput(i -> handover.encode(arguments.apply(i)));
                    status = launcher.run(i -> List.of(NodeHandover.OPTIONS_ON_INPUT), serializationList,
                            programOutput, err, address -> { });
                } else {
                    status = launcher.run(arguments, serializationList, programOutput, err, address -> { });
                }
            } finally {
                if (display != null) {
                    display.finish(b -> { }); // the relays have delivered the nodes' last reports
                }
            }
            if (cmd.timeline != null) {
                List<Path> parts = new ArrayList<>();
                for (int i = 0; i < cmd.nodes + joins.size(); i++) {
                    parts.add(timelinePart(i));
                }
                int merged = TimelineFiles.merge(cmd.timeline, parts, "monotonic (one machine)");
                err.println("timeline of " + merged + " nodes written to " + cmd.timeline
                        + " (open it in ui.perfetto.dev or chrome://tracing)");
                err.flush();
            }
            return status;
        } catch (IllegalArgumentException | satin.ipl.IplException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("error: cannot launch the nodes: " + e.getMessage());
            return 3;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted while the nodes ran");
            return 3;
        } finally {
            launcher.abandon();
            if (secret != null) {
                secret.delete();
            }
            if (wanPaths != null) {
                try {
                    Files.deleteIfExists(wanPaths);
                } catch (IOException e) {
                    err.println("warning: cannot delete the wide-area path file " + wanPaths + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * With {@code --wan} and nodes on this machine: a new file through which all node JVMs share one wide-area path
     * per cluster pair ({@code ipl.wan.paths}), as the machines of one cluster share its wide-area link, so the messages
     * of all nodes of cluster A to cluster B queue behind each other (as {@code satin experiment} runs do). Null when
     * there is no emulation, the nodes run on other hosts (whose clocks differ), or {@code --ipl-setting} names a file.
     */
    private Path shareWidePaths() throws IOException {
        String key = satin.ipl.wan.WanProvider.PATHS + "=";
        if (cmd.wan == null || hostsFile != null || cmd.iplSettings.stream().anyMatch(s -> s.startsWith(key))) {
            return null;
        }
        Path file = Files.createTempFile("satin-wan-paths-", ".map");
        cmd.iplSettings.add(key + file);
        return file;
    }

    private EncryptionPolicy policy() {
        return EncryptionPolicy.parse(cmd.encrypt);
    }

    /**
     * The pool's security for a node joining with --registry: --insecure, or the secret file from
     * --pool-secret-file or the environment variable; neither is an error that says how to give one.
     */
    private PoolSecuritySettings joinSecurity() {
        Path file = cmd.poolSecretFile;
        if (file == null && !cmd.insecure) {
            String named = System.getenv(PoolSecuritySettings.SECRET_FILE_VARIABLE);
            file = named == null || named.isBlank() ? null : Path.of(named.trim());
        }
        return new PoolSecuritySettings(file, cmd.insecure, policy());
    }

    private HostsFile hostsFile;
    private SshNodes ssh;

    /**
     * Node i's arguments: the registry's address and the serialization list come on its standard input
     * ({@code --registry -}), which then stays open until the launcher ends ({@code --end-with-input}).
     */
    private List<String> nodeArguments(int i, int workers, String poolName, PoolSecuritySettings security) {
        String cluster = ssh != null ? hostsFile.hosts().get(i).cluster() : LocalLauncher.clusterName(i, cmd.clusters);
        String name = ssh != null ? ssh.nodeName(i) : LocalLauncher.nodeName(i);
        List<String> a = new ArrayList<>(List.of("--registry", FROM_STDIN, END_WITH_INPUT, "--nodes",
                Integer.toString(cmd.nodes), "--cluster", cluster, "--node-name", name, "--pool", poolName));
        if (i >= cmd.nodes) {
            a.add("--join"); // added while the run runs (--add-node-after)
        }
        if (i == 0 && !joins.announcements().isEmpty()) {
            a.addAll(List.of("--announce-jobs", joins.announcements().stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(","))));
        }
        Integer hostWorkers = ssh != null ? hostsFile.hosts().get(i).workers() : null;
        if (ssh == null || hostWorkers != null) {
            a.addAll(List.of("--workers", Integer.toString(ssh == null ? workers : hostWorkers)));
        }
        a.addAll(List.of(
                "--inline-threshold", Integer.toString(cmd.inlineThreshold), "--algorithm", cmd.algorithm,
                "--transport", cmd.transport, "--timeout", Long.toString(cmd.timeoutSeconds),
                "--detection-time", Long.toString(cmd.detectionMillis)));
        if (cmd.noFaultTolerance) {
            a.add("--no-fault-tolerance");
        }
        if (cmd.progressShown()) {
            a.add("--progress-report");
        }
        if (cmd.noResultReuse) {
            a.add("--no-result-reuse");
        }
        Long jobs = kills.afterJobs().get(i);
        if (jobs != null && jobs == KillPlan.AT_DONE) {
            a.add("--crash-after-done");
        } else if (jobs != null) {
            a.addAll(List.of("--crash-after-jobs", jobs.toString()));
        }
        Long millis = kills.afterMillis().get(i);
        if (millis != null) {
            a.addAll(List.of("--crash-after-millis", millis.toString()));
        }
        Integer stolen = kills.whileStolen().get(i);
        if (stolen != null) {
            a.addAll(List.of("--crash-while-stolen", stolen.toString()));
        }
        Long leaveJobs = leaves.afterJobs().get(i);
        if (leaveJobs != null) {
            a.addAll(List.of("--leave-after-jobs", leaveJobs.toString()));
        }
        Long leaveMillis = leaves.afterMillis().get(i);
        if (leaveMillis != null) {
            a.addAll(List.of("--leave-after-millis", leaveMillis.toString()));
        }
        When cut = partitions.cuts().get(i % cmd.clusters);
        if (cut != null) {
            a.addAll(cut.jobs() > 0 ? List.of("--cut-after-jobs", Long.toString(cut.jobs()))
                    : List.of("--cut-after-millis", Long.toString(cut.millis())));
            a.addAll(List.of("--cut-for-millis", Long.toString(partitions.forMillis().get(i % cmd.clusters))));
            a.addAll(List.of("--cut-option", "--partition " + String.join(",", cmd.partition)));
        }
        if (cmd.wan != null) {
            a.addAll(List.of("--wan", cmd.wan));
        }
        if (cmd.portRange != null) {
            a.addAll(List.of("--port-range", cmd.portRange));
        }
        for (String setting : cmd.iplSettings) {
            a.addAll(List.of("--ipl-setting", setting));
        }
        if (security.insecure()) {
            a.add("--insecure");
        } else {
            a.addAll(List.of("--pool-secret-file", security.secretFile().toAbsolutePath().toString()));
        }
        a.addAll(List.of("--encrypt", security.encrypt().label()));
        if (!cmd.register.isEmpty()) {
            a.addAll(List.of("--register", String.join(",", cmd.register)));
        }
        if (cmd.stats != null) {
            a.add("--stats=" + cmd.stats);
        }
        if (cmd.statsJson != null) {
            a.addAll(List.of("--stats-json", cmd.statsJson.toAbsolutePath().toString()));
        }
        if (cmd.timeline != null) {
            // Node JVMs on this machine share its monotonic clock: their timelines align exactly.
            a.addAll(List.of("--trace", timelinePart(i).toString(), "--trace-clock", "monotonic"));
        }
        if (cmd.sequentialTime != null) {
            a.addAll(List.of("--sequential-time", cmd.sequentialTime.toString()));
        }
        if (cmd.classpath != null) {
            a.addAll(List.of("-cp", cmd.classpath));
        }
        a.add(cmd.target);
        a.addAll(cmd.args);
        return a;
    }

    /** Node i's own timeline file, merged into --trace FILE when the run is over. */
    private Path timelinePart(int i) {
        Path file = cmd.timeline.toAbsolutePath();
        return file.resolveSibling(file.getFileName() + ".node" + i + ".part");
    }

    private boolean explicit(String option) {
        return cmd.spec() != null && cmd.spec().commandLine().getParseResult() != null
                && cmd.spec().commandLine().getParseResult().hasMatchedOption(option);
    }

    // ---- one node ----

    /**
     * This JVM as one task of a Slurm job step: rank, size and first host from Slurm's environment, the cluster
     * from --cluster-of; rank 0 also runs the registry (on the first host, where srun's default block distribution
     * puts it), the others retry until it listens.
     */
    private Integer slurmTask(BalancePolicies algorithm, Class<?> mainClass) {
        SlurmTask task;
        String cluster;
        try {
            task = SlurmTask.from(System.getenv());
            cluster = ClusterRule.parse(cmd.clusterOf).clusterOf(task.host());
        } catch (IllegalArgumentException e) {
            err.println("error: --slurm: " + e.getMessage());
            return 2;
        }
        if (task.rank() == 0 && cmd.registryHost == null && !sameHost(task.host(), task.firstHost())) {
            err.println("error: --slurm: rank 0 runs the registry and the others look for it on the step's first "
                    + "host " + task.firstHost() + ", but rank 0 runs on " + task.host() + " (a non-block "
                    + "distribution?): give --registry-host " + task.host() + " or use srun's default distribution");
            return 2;
        }
        cmd.registry = (cmd.registryHost != null ? cmd.registryHost : task.firstHost()) + ":"
                + (cmd.registryPort != null ? cmd.registryPort : task.defaultRegistryPort());
        cmd.nodes = task.tasks();
        cmd.cluster = cluster;
        cmd.nodeName = task.nodeName();
        FatalErrors.install(task.nodeName()); // a Slurm task's JVM is this node and nothing else
        cmd.pool = task.poolName();
        if (!explicit("--workers")) {
            cmd.workers = task.cpusPerTask() > 0 ? task.cpusPerTask() : Runtime.getRuntime().availableProcessors();
        }
        if (task.rank() == 0) {
            err.println("satin run --slurm: " + task.tasks() + " tasks, registry at " + cmd.registry + ", pool "
                    + cmd.pool);
            err.flush();
        }
        return joinPool(algorithm, mainClass, task.rank() == 0);
    }

    private static boolean sameHost(String a, String b) {
        return a.equals(b) || a.split("\\.", 2)[0].equals(b.split("\\.", 2)[0]);
    }

    /** IPL settings of this node besides security: --port-range, --node-address. */
    private java.util.Map<String, String> networkSettings() {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        if (cmd.portRange != null) {
            m.put(satin.ipl.IplProperties.PORT_RANGE, cmd.portRange);
        }
        if (cmd.nodeAddress != null) {
            m.put(satin.ipl.IplProperties.ADVERTISED_ADDRESS, cmd.nodeAddress);
        }
        for (String setting : cmd.iplSettings) {
            int eq = setting.indexOf('=');
            m.put(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
        }
        return m;
    }

    private Integer joinPool(BalancePolicies algorithm, Class<?> mainClass, boolean serveRegistry) {
        String registry = cmd.registry;
        List<String> serializationClasses = null;
        if (FROM_STDIN.equals(registry)) {
            try {
                StartupMessage message = StartupMessage.read(System.in);
                registry = message.registry();
                serializationClasses = message.serializationClasses();
            } catch (IOException e) {
                err.println("error: --registry -: " + e.getMessage());
                return 2;
            }
            if (cmd.endWithInput) {
                cmd.watching(LauncherWatch.start(() -> {
                    err.println("error: stopping: the standard input ended (the launcher that started this node is"
                            + " gone)");
                    err.flush();
                    cmd.launcherGone().run();
                }));
            }
        }
        NodeOptions options;
        try {
            options = new NodeOptions(registry, cmd.pool, cmd.nodes,
                    cmd.nodeName != null ? cmd.nodeName : LaunchSettings.defaultNodeName(), cmd.cluster, cmd.workers,
                    cmd.inlineThreshold, algorithm, cmd.transport, cmd.wan, cmd.register, cmd.timeoutSeconds * 1000,
                    !cmd.noFaultTolerance, cmd.detectionMillis, !cmd.noResultReuse);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        PoolSecuritySettings security;
        try {
            security = joinSecurity();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        SatinNode.Outcome outcome;
        Timeline timeline = cmd.timeline == null ? null
                : cmd.timelineClock.equals("monotonic") ? Timeline.monotonic() : Timeline.wallClock();
        java.util.function.Consumer<SatinNode> onNode = node -> { };
        if (cmd.crashAfterJobs != null || cmd.crashAfterMillis != null) {
            onNode = new FaultInjection(FaultInjection.Action.CRASH, cmd.crashAfterJobs, cmd.crashAfterMillis,
                    cmd.crashWhileStolen == null ? 0 : cmd.crashWhileStolen, options.location(), err)::watch;
        }
        if (cmd.leaveAfterJobs != null || cmd.leaveAfterMillis != null) {
            onNode = onNode.andThen(new FaultInjection(FaultInjection.Action.LEAVE, cmd.leaveAfterJobs,
                    cmd.leaveAfterMillis, options.location(), err)::watch);
        }
        if (cmd.cutAfterJobs != null || cmd.cutAfterMillis != null) {
            onNode = onNode.andThen(FaultInjection.partition(new satin.ipl.NetworkCut(), cmd.cutAfterJobs,
                    cmd.cutAfterMillis, cmd.cutForMillis, options.location(), cmd.cutOption, err)::watch);
        }
        if (cmd.crashAfterDone) {
            String who = options.location();
            onNode = onNode.andThen(n -> n.afterFirstDone(() -> {
                synchronized (err) {
                    err.println("satin run: " + who + " crashes on purpose after main returned and its first DONE was "
                            + "sent, at epoch-ms " + System.currentTimeMillis() + " (--kill " + options.nodeName()
                            + "@done)");
                    err.flush();
                }
                System.out.flush();
                Runtime.getRuntime().halt(137);
            }));
        }
        if (!cmd.announceJobs.isEmpty()) {
            onNode = onNode.andThen(new JobAnnouncer(cmd.announceJobs, options.location(), err)::watch);
        }
        if (cmd.join) {
            onNode = onNode.andThen(SatinNode::joinRunningPool);
        }
        if (options.faultTolerant()) {
            try {
                onNode = onNode.andThen(LeaveOnSignal.install(options.location(), !FROM_STDIN.equals(cmd.registry),
                        err)::watch);
            } catch (IllegalArgumentException e) {
                err.println("warning: " + options.location() + ": signals cannot be handled here (" + e.getMessage()
                        + "); SIGTERM stops this node at once instead of letting it leave gracefully");
            }
        }
        Runnable endProgress = () -> { };
        if (cmd.progressReport) {
            ProgressReports reports = new ProgressReports(err, options.nodeName(), options.cluster());
            onNode = onNode.andThen(reports::watch);
            endProgress = reports::close;
        } else if (cmd.progressShown()) {
            // a node started by hand (--registry, --slurm): its own figures only
            java.util.concurrent.atomic.AtomicReference<SatinNode> self = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.function.Consumer<ProgressBoard> refresh = b -> {
                SatinNode n = self.get();
                if (n != null) {
                    b.report(options.nodeName(), options.cluster(), n.progress());
                }
            };
            onNode = onNode.andThen(self::set);
            ProgressDisplay display = new ProgressDisplay(err, new ProgressBoard(true), refresh,
                    Boolean.TRUE.equals(cmd.progress));
            endProgress = () -> display.finish(refresh);
        }
        onNode = onNode.andThen(cmd.programExit()::watch);
        cmd.programExit().install();
        try {
            outcome = PoolLaunch.run(options, security, networkSettings(), serveRegistry, mainClass,
                    cmd.args.toArray(String[]::new), cmd.classpath, timeline, serializationClasses, onNode);
            writeTimeline(timeline, options);
        } catch (SatinNode.NodeFailure e) {
            endProgress.run();
            writeTimeline(timeline, options);
            if (cmd.join && e.getMessage() != null && e.getMessage().contains("has terminated")) {
                err.println("satin run: " + options.location() + ": the run ended before this node could join it");
                err.flush();
                return 0;
            }
            System.out.flush();
            if (e.fenced() && (cmd.cutAfterJobs != null || cmd.cutAfterMillis != null)) {
                // the injected partition did what it was asked to: not an error of this run, but this node's run ends
                err.println("satin run: " + options.location() + " is fenced, as the injected partition ("
                        + cmd.cutOption + ") outlasted the detection time: " + e.getMessage());
            } else {
                err.println("error: " + e.getMessage());
            }
            err.flush();
            return 3;
        } finally {
            cmd.programExit().uninstall();
        }
        endProgress.run();
        System.out.flush();
        if (outcome.left()) {
            err.println("satin run: " + options.location() + " left the run gracefully");
            err.flush();
            cmd.ended(NodeEnd.Kind.LEFT);
        }
        if (!outcome.master()) {
            return 0;
        }
        cmd.ended(NodeEnd.Kind.FINISHED);
        int status = 0;
        if (outcome.mainFailure() != null) {
            Throwable t = outcome.mainFailure();
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            err.println("error: " + mainClass.getName() + ".main threw " + t + " (on the master, " + options.location()
                    + ")");
            err.print(trace);
            status = t instanceof NoSuchMethodException ? 2 : 1;
        }
        RunReport report = new RunReport(outcome.report().algorithm(), outcome.report().mainNanos(),
                outcome.report().nodes(), cmd.sequentialTime == null ? -1 : cmd.sequentialTime,
                outcome.report().faults());
        if (cmd.statsDetail() != satin.runtime.launch.StatsDetail.OFF) {
            out.print(ReportText.nodes(report, cmd.statsDetail()));
            out.flush();
        }
        if (cmd.statsJson != null) {
            try {
                RunReportFormat.writeJson(report, cmd.statsJson);
            } catch (IOException e) {
                err.println("error: cannot write " + cmd.statsJson + ": " + e.getMessage());
                status = Math.max(status, 2);
            }
        }
        err.flush();
        return status;
    }

    /** Writes this node's timeline (also after a failure: it shows what happened up to it). */
    private void writeTimeline(Timeline timeline, NodeOptions options) {
        if (timeline == null) {
            return;
        }
        try {
            TimelineFiles.write(cmd.timeline, timeline, Math.max(0, timeline.self()), options.location(),
                    timeline.members(), cmd.timelineClock.equals("monotonic") ? "monotonic (one machine)"
                            : "wall clock (aligned by the machines' clock synchronization)");
        } catch (IOException e) {
            err.println("error: cannot write the timeline " + cmd.timeline + ": " + e.getMessage());
        }
    }
}
