package satin.cli.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import java.net.InetAddress;
import satin.balance.BalancePolicies;
import satin.cli.launch.LocalLauncher;
import satin.ipl.security.EncryptionPolicy;
import satin.runtime.launch.PoolSecuritySettings;
import satin.runtime.node.classes.ClassNames;
import satin.runtime.node.classes.SerializationClasses;

/**
 * The multi-node forms of {@code satin run}, after {@link RunChecks}: with {@code --registry} or {@code --slurm},
 * this JVM is one node of a pool ({@link PoolMemberRun}); with only {@code --nodes N} or {@code --hosts FILE}, this
 * JVM launches a registry and the node JVMs ({@link LocalLauncher}, here or over SSH), each of which runs the first
 * form with the arguments {@link NodeArguments} makes.
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
    private MultiNodePlan plan;
    private SshNodes ssh;

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
            plan = RunChecks.check(cmd);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        Class<?> mainClass = cmd.mainClassOrSay(err);
        if (mainClass == null) {
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
            return new PoolMemberRun(cmd, out, err).slurmTask(algorithm, mainClass);
        }
        return cmd.registry == null ? launch(mainClass)
                : new PoolMemberRun(cmd, out, err).join(algorithm, mainClass, false);
    }


    // ---- launcher ----

    private Integer launch(Class<?> mainClass) {
        if (plan.hostsFile() == null && !cmd.explicit("--encrypt")) {
            // Every link of a local run is on this machine's loopback, which only root can read or alter, and root
            // reads the secret file too: encrypting it protects nothing, while making a TLS identity and running
            // the handshakes cost each node JVM a few hundred milliseconds of processor time at start (measured,
            // satin-cli/README.md). The links stay authenticated by the pool secret.
            cmd.encrypt = LOCAL_ENCRYPTION;
        }
        int workers = cmd.explicit("--workers") ? cmd.workers
                : Math.max(1, Runtime.getRuntime().availableProcessors() / cmd.nodes);
        String poolName = "satin-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        LocalLauncher launcher = new LocalLauncher(NodeProcess.class.getName(), cmd.nodes, 10_000, null,
                cmd.nodeJvmOptions).nodesDeclareTheirEnd();
        for (int k = 0; k < plan.joins().size(); k++) {
            long jobs = plan.joins().afterJobs().get(k);
            launcher.addLater(new LocalLauncher.LateNode(plan.joins().afterMillis().get(k),
                    jobs > 0 ? JoinPlan.announcement(LocalLauncher.nodeName(0) + "@" + LocalLauncher.clusterName(0,
                            cmd.clusters), jobs) : null));
        }
        // Every node would compute the same list from the same class path: computed once here (or read from the
        // last run's), while they boot.
        Callable<List<String>> serializationList = () -> SerializationListCache.get(mainClass, cmd.classpath,
                cmd.register, () -> SerializationClasses.forProgram(mainClass, cmd.classpath,
                        mainClass.getClassLoader(), cmd.register));
        plan.kills().afterMillis().keySet().forEach(launcher::expendable);
        plan.kills().afterJobs().keySet().forEach(launcher::expendable);
        for (int i = 0; i < cmd.nodes; i++) {
            if (plan.partitions().cuts(i % cmd.clusters)) {
                launcher.expendable(i); // fenced when the cut outlasts the detection time
            }
        }
        RunSecret secret = null;
        Path wanPaths = null;
        try {
            if (plan.hostsFile() == null) {
                // local nodes get their options on their input (NodeHandover), so their JVMs can start now and boot
                // while this JVM makes the pool secret and its keys (the security providers' first use, ~0.1 s)
                launcher.boot(i -> List.of(NodeHandover.OPTIONS_ON_INPUT));
            }
            wanPaths = shareWidePaths();
            PoolSecuritySettings security;
            if (cmd.insecure) {
                security = new PoolSecuritySettings(null, true, EncryptionPolicy.parse(cmd.encrypt));
            } else {
                secret = cmd.poolSecretFile != null ? null : RunSecret.create();
                security = new PoolSecuritySettings(cmd.poolSecretFile != null ? cmd.poolSecretFile : secret.file(),
                        false, EncryptionPolicy.parse(cmd.encrypt));
            }
            launcher.security(security.registrySecurity());
            launcher.poolName(poolName);
            if (plan.hostsFile() != null) {
                List<String> extra = new ArrayList<>();
                if (secret != null) {
                    extra.add(secret.file().toString());
                }
                if (cmd.classpath != null) {
                    extra.addAll(List.of(cmd.classpath.split(java.io.File.pathSeparator)));
                }
                ssh = new SshNodes(plan.hostsFile().hosts(), cmd.sshOptions, cmd.sharedFs,
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
                NodeArguments nodeArguments = new NodeArguments(cmd, plan, ssh);
                IntFunction<List<String>> arguments = i -> nodeArguments.of(i, workers, poolName, security);
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
                for (int i = 0; i < cmd.nodes + plan.joins().size(); i++) {
                    parts.add(NodeArguments.timelinePart(cmd, i));
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
        if (cmd.wan == null || plan.hostsFile() != null || cmd.iplSettings.stream().anyMatch(s -> s.startsWith(key))) {
            return null;
        }
        Path file = Files.createTempFile("satin-wan-paths-", ".map");
        cmd.iplSettings.add(key + file);
        return file;
    }
}
