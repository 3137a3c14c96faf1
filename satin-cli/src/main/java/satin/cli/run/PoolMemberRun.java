package satin.cli.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import satin.balance.BalancePolicies;
import satin.cli.launch.NodeEnd;
import satin.cli.launch.StartupMessage;
import satin.cli.slurm.ClusterRule;
import satin.cli.slurm.SlurmTask;
import satin.ipl.security.EncryptionPolicy;
import satin.runtime.launch.LaunchSettings;
import satin.runtime.launch.PoolLaunch;
import satin.runtime.launch.PoolSecuritySettings;
import satin.runtime.launch.ReportText;
import satin.runtime.node.NodeOptions;
import satin.runtime.node.SatinNode;
import satin.runtime.node.report.RunReport;
import satin.runtime.timeline.Timeline;

/**
 * This JVM as one node of a pool: {@code satin run --registry} (by hand, or as a node JVM a launcher started) and
 * {@code satin run --slurm} (one task of a Slurm job step). It runs the node until the run ends and, on the master,
 * prints the run's report.
 */
final class PoolMemberRun {

    private final RunCommand cmd;
    private final PrintWriter out;
    private final StatusLineWriter err;

    PoolMemberRun(RunCommand cmd, PrintWriter out, StatusLineWriter err) {
        this.cmd = cmd;
        this.out = out;
        this.err = err;
    }

    /**
     * This JVM as one task of a Slurm job step: rank, size and first host from Slurm's environment, the cluster
     * from --cluster-of; rank 0 also runs the registry (on the first host, where srun's default block distribution
     * puts it), the others retry until it listens.
     */
    Integer slurmTask(BalancePolicies algorithm, Class<?> mainClass) {
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
        if (!cmd.explicit("--workers")) {
            cmd.workers = task.cpusPerTask() > 0 ? task.cpusPerTask() : Runtime.getRuntime().availableProcessors();
        }
        if (task.rank() == 0) {
            err.println("satin run --slurm: " + task.tasks() + " tasks, registry at " + cmd.registry + ", pool "
                    + cmd.pool);
            err.flush();
        }
        return join(algorithm, mainClass, task.rank() == 0);
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
        return new PoolSecuritySettings(file, cmd.insecure, EncryptionPolicy.parse(cmd.encrypt));
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

    Integer join(BalancePolicies algorithm, Class<?> mainClass, boolean serveRegistry) {
        String registry = cmd.registry;
        List<String> serializationClasses = null;
        if (MultiNodeRun.FROM_STDIN.equals(registry)) {
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
                onNode = onNode.andThen(LeaveOnSignal.install(options.location(),
                        !MultiNodeRun.FROM_STDIN.equals(cmd.registry), cmd.slurm && !serveRegistry, err)::watch);
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
            AtomicReference<SatinNode> self = new AtomicReference<>();
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
