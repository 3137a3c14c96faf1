package satin.cli.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import satin.balance.BalancePolicies;
import satin.cli.run.RunReportFormat;
import satin.cli.launch.StartupMessage;
import satin.cli.run.LauncherWatch;
import satin.cli.run.TimelineFiles;
import satin.ipl.security.EncryptionPolicy;
import satin.runtime.launch.PoolLaunch;
import satin.runtime.launch.PoolSecuritySettings;
import satin.runtime.node.EmulatedCosts;
import satin.runtime.node.NodeOptions;
import satin.runtime.node.SatinNode;
import satin.runtime.node.classes.SerializationClasses;
import satin.runtime.timeline.Timeline;
import satin.virtual.VirtualNode;
import satin.virtual.VirtualWork;

/**
 * Main class of a JVM that hosts several nodes of an experiment ({@link EmulatedRun}). Each node is a whole node of
 * the pool, as in a JVM of its own: its own IPL node (its own sockets, the WAN emulation layer between it and every
 * other node, its own registry connection), its own runtime with one worker, its own speed and wait ledger
 * ({@link VirtualNode}, the thread group its threads run in). Only the JVM is shared: its classes, compiled code and
 * heap, which dozens of JVMs on two cores would each pay for (the measured reason the one-JVM-per-node emulation
 * saturated the machine). Nodes in one host still talk to each other through the real transport over loopback.
 *
 * <p>Every node steals with {@link SatinNode#retryStealsAtOnce()}: after an empty reply the next request goes at once,
 * as in the paper's idle loop, instead of after a backoff park whose real time would be multiplied by the time scale.
 *
 * <p>Standard input: the registry address (and optionally the serialization list) as {@code satin run --registry -}
 * reads it ({@link StartupMessage}); the launcher keeps the input open after it, and the host stops (exit 3) when it
 * ends, so no host outlives its launcher. Exit status: 0 when every node's run succeeded, 1 when the program failed on the
 * master, 2 for a bad command line, 3 when a node failed. When the nodes are done it writes each node's ledger
 * ({@code --ledger-dir}) and this JVM's processor time ({@code --cpu-file}); the master's host also writes the counts of
 * its nodes at the measured tree's start and end there ({@link TreeCounts}).
 */
@Command(name = "node-host", description = "Internal: hosts several experiment nodes in one JVM (satin experiment).")
public final class NodeHost implements Callable<Integer> {

    @Option(names = "--registry", paramLabel = "HOST:PORT",
            defaultValue = "-", description = "HOST:PORT, or '-' to read it on standard input.")
    String registry;

    @Option(names = "--pool-secret-file", paramLabel = "FILE",
            description = "The pool's secret (links authenticated, not encrypted).")
    Path secretFile;

    @Option(names = "--insecure", description = "No pool secret (the one-node archive run only).")
    boolean insecure;

    @Option(names = "--pool", paramLabel = "NAME", required = true)
    String pool;

    @Option(names = "--pool-size", paramLabel = "N", required = true)
    int poolSize;

    @Option(names = "--node", required = true, paramLabel = "NAME@CLUSTER=SPEED",
            description = "A node this JVM hosts (repeatable).")
    List<String> nodes = new ArrayList<>();

    @Option(names = "--algorithm", paramLabel = "RS|CRS", defaultValue = "CRS")
    String algorithm;

    @Option(names = "--transport", paramLabel = "tcp|udp", defaultValue = "tcp")
    String transport;

    @Option(names = "--wan", paramLabel = "PRESET|FILE", defaultValue = "")
    String wan;

    @Option(names = "--wan-paths", paramLabel = "FILE",
            description = "The run's wide-area path file: one path per cluster pair, shared by every node of the run.")
    Path wanPaths;

    /**
     * Every spawn is queued, so every child can be stolen, as in the simulator's model and the paper's runtime; the
     * runtime's default (inline a spawn when 2 jobs are queued) made half of the virtual trees' spawns unstealable
     * (measured: ai on 16 nodes, 8,891 jobs, about 4,000 spawns inlined) and left idle nodes without victims.
     */
    @Option(names = "--inline-threshold", paramLabel = "K", defaultValue = "" + Integer.MAX_VALUE)
    int inlineThreshold;

    @Option(names = "--wide-sync-answer-delay-ns", defaultValue = "0", paramLabel = "NANOS",
            description = "Emulated cost: each hosted node holds a synchronous steal request from another cluster this "
                    + "long (real time) before it answers (satin.runtime.node.EmulatedCosts; default: none).")
    long wideSyncAnswerDelayNanos;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120", description = "Seconds.")
    long timeoutSeconds;

    @Option(names = "--stats-json", paramLabel = "FILE", description = "Where the master writes the run's statistics.")
    Path statsJson;

    @Option(names = "--ledger-dir", paramLabel = "DIR",
            required = true, description = "Where each node's ledger-NAME.json goes.")
    Path ledgerDir;

    @Option(names = "--cpu-file", paramLabel = "FILE",
            description = "Where this JVM's processor time (ns) goes at the end.")
    Path cpuFile;

    @Option(names = "--timeline-dir", paramLabel = "DIR",
            description = "Record each node's timeline into timeline-NAME.part here.")
    Path timelineDir;

    @Option(names = "--progress-millis", paramLabel = "MS", defaultValue = "0",
            description = "Print '" + PROGRESS + "J' on standard error this often (J: jobs the hosted nodes ran); 0: never.")
    long progressMillis;

    /** The start of a live progress line on standard error. */
    static final String PROGRESS = "progress jobs=";

    @Parameters(paramLabel = "PROGRAM-ARGS", description = "The virtual-work program's arguments (TREE --seed N --time-scale S).")
    List<String> programArgs = new ArrayList<>();

    /** One hosted node as its option names it. */
    record Hosted(String name, String cluster, double speed) {
        static Hosted parse(String spec) {
            int at = spec.indexOf('@');
            int eq = spec.lastIndexOf('=');
            if (at <= 0 || eq < at + 2 || eq == spec.length() - 1) {
                throw new IllegalArgumentException("--node: expected NAME@CLUSTER=SPEED, got '" + spec + "'");
            }
            return new Hosted(spec.substring(0, at), spec.substring(at + 1, eq), Double.parseDouble(spec.substring(eq + 1)));
        }
    }

    /** The costs every hosted node pays on purpose (one value for all: they are the same machine's). */
    private EmulatedCosts costs = EmulatedCosts.NONE;

    /** What ends this JVM when its launcher is gone (main gives it: only a main ends the JVM). */
    private Runnable launcherGone = () -> { };
    private volatile LauncherWatch watch;

    public static void main(String[] args) {
        NodeHost host = new NodeHost();
        host.launcherGone = () -> System.exit(3);
        int status = new CommandLine(host).execute(args);
        System.out.flush();
        if (host.watch != null) {
            host.watch.stop(); // a thread left in its read would hold the exit up by about 300 ms
        }
        System.exit(status);
    }

    @Override
    public Integer call() throws Exception {
        List<Hosted> hosted = nodes.stream().map(Hosted::parse).toList();
        costs = new EmulatedCosts(wideSyncAnswerDelayNanos);
        BalancePolicies policy = BalancePolicies.parse(algorithm);
        String address = registry;
        List<String> classes = null;
        if ("-".equals(address)) {
            StartupMessage message = StartupMessage.read(System.in);
            address = message.registry();
            classes = message.serializationClasses();
            watch = LauncherWatch.start(() -> {
                System.err.println("error: stopping: the standard input ended (the launcher is gone)");
                launcherGone.run();
            });
        }
        PoolSecuritySettings security = new PoolSecuritySettings(secretFile, insecure, EncryptionPolicy.NONE);
        if (classes == null) {
            // once for all the nodes of this JVM
            classes = SerializationClasses.forProgram(VirtualWork.class, null, VirtualWork.class.getClassLoader(), List.of());
        }
        String[] args = programArgs.toArray(String[]::new);
        AtomicInteger status = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        List<VirtualNode> groups = new ArrayList<>();
        List<SatinNode> started = new ArrayList<>(); // guarded by itself
        TreeCounts counts = new TreeCounts(started, ledgerDir);
        for (Hosted h : hosted) {
            NodeOptions options = new NodeOptions(address, pool, poolSize, h.name(), h.cluster(), 1,
                    inlineThreshold, policy, transport, wan, List.of(), timeoutSeconds * 1000);
            VirtualNode group = new VirtualNode(h.name(), h.speed());
            group.watchTree(counts); // only the master's program tells it
            groups.add(group);
            List<String> list = classes;
            Thread t = new Thread(group, () -> status.accumulateAndGet(runNode(options, security, list, args, started), Math::max),
                    h.name() + "-host");
            threads.add(t);
            t.start();
        }
        Thread reporter = progressMillis > 0 ? reporter(groups) : null;
        for (Thread t : threads) {
            t.join(); // each node's run ends by itself: every wait in it is bounded by the run's timeout but main
        }
        if (reporter != null) {
            reporter.interrupt();
            reporter.join();
        }
        for (int i = 0; i < hosted.size(); i++) {
            groups.get(i).ledger().write(ledgerDir.resolve("ledger-" + hosted.get(i).name() + ".json"), hosted.get(i).speed());
        }
        if (cpuFile != null) {
            Files.writeString(cpuFile, Long.toString(processCpuNanos()), StandardCharsets.UTF_8);
        }
        return status.get();
    }

    /**
     * Reports the jobs the hosted nodes ran so far, every {@code --progress-millis}, until interrupted. It reads the
     * nodes' ledgers, whose counters ({@link java.util.concurrent.atomic.LongAdder}) are safe to read while the workers
     * add to them (a sum read during updates is some value between the counts before and after them).
     */
    private Thread reporter(List<VirtualNode> groups) {
        Thread t = new Thread(() -> {
            long last = -1;
            while (!Thread.currentThread().isInterrupted()) {
                long jobs = 0;
                for (VirtualNode g : groups) {
                    jobs += g.ledger().jobs();
                }
                if (jobs != last) {
                    System.err.println(PROGRESS + jobs);
                    System.err.flush();
                    last = jobs;
                }
                try {
                    Thread.sleep(progressMillis); // a reporting period, not a wait for anything
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "node-host-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** One node's run, on a thread of its {@link VirtualNode}; returns its exit status. */
    private int runNode(NodeOptions options, PoolSecuritySettings security, List<String> classes, String[] args,
            List<SatinNode> started) {
        try {
            Timeline timeline = timelineDir == null ? null : Timeline.monotonic();
            SatinNode.Outcome outcome;
            try {
                java.util.Map<String, String> ipl = wanPaths == null ? java.util.Map.of()
                        : java.util.Map.of(satin.ipl.wan.WanProvider.PATHS, wanPaths.toString());
                outcome = PoolLaunch.run(options, security, ipl, false, VirtualWork.class, args, null,
                        timeline, classes, node -> {
                            node.retryStealsAtOnce();
                            node.emulatedCosts(costs);
                            synchronized (started) {
                                started.add(node);
                            }
                        });
            } finally {
                if (timeline != null) {
                    // Nodes on this machine share its monotonic clock: their timelines align exactly.
                    TimelineFiles.write(timelinePart(timelineDir, options.nodeName()), timeline,
                            Math.max(0, timeline.self()), options.location(), timeline.members(), "monotonic (one machine)");
                }
            }
            if (!outcome.master()) {
                return 0;
            }
            int result = 0;
            if (outcome.mainFailure() != null) {
                System.err.println("error: the virtual-work program failed on the master: " + outcome.mainFailure());
                result = 1;
            }
            if (statsJson != null) {
                RunReportFormat.writeJson(outcome.report(), statsJson);
            }
            return result;
        } catch (SatinNode.NodeFailure e) {
            System.err.println("error: " + e.getMessage());
            return 3;
        } catch (IOException | RuntimeException e) {
            System.err.println("error: node " + options.location() + ": " + e);
            return 3;
        }
    }

    /** Where node {@code name} writes its timeline in {@code dir}. */
    static Path timelinePart(Path dir, String name) {
        return dir.resolve("timeline-" + name + ".part");
    }

    private static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
