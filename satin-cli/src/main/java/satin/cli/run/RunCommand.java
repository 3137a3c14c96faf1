package satin.cli.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import satin.runtime.RuntimeConfig;
import satin.runtime.launch.ProgramExit;

/**
 * {@code satin run}: runs a program's {@code main} on the workers of a runtime in this JVM and returns its
 * exit status (0: main returned; 1: main threw; 2: bad command line, class or app). Options end at the
 * main class or app name: everything after it goes to the program.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs a Satin program's main on the worker threads of this JVM, or on several JVMs "
                + "(--nodes N: launched here; --registry: this JVM joins a pool).",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:main returned", "1:main threw an exception, or the trace (--record-trace) could not be written", "2:bad command line, class or app",
                "3:a node failed (multi-node runs; the message names the node and the cause)"})
public final class RunCommand implements Callable<Integer> {

    /** What {@code --end-with-input} does once the node's standard input ended: by default nothing more. */
    private Runnable launcherGone = () -> { };

    /**
     * Sets what ends this node once its launcher is gone ({@code --end-with-input}); the node's main method gives
     * it, since only a main method ends the JVM.
     */
    public RunCommand whenLauncherGone(Runnable action) {
        this.launcherGone = action;
        return this;
    }

    Runnable launcherGone() {
        return launcherGone;
    }

    /** Whether an exit of this JVM ends the run (this node runs main): see {@link ProgramExit}. */
    private final ProgramExit programExit = new ProgramExit();

    ProgramExit programExit() {
        return programExit;
    }

    /** How this node's part of a multi-node run ended, where its status alone does not say (MultiNodeRun). */
    private volatile satin.cli.launch.NodeEnd.Kind end;

    void ended(satin.cli.launch.NodeEnd.Kind kind) {
        this.end = kind;
    }

    /** How this node's part of the run ended, given its exit status. */
    satin.cli.launch.NodeEnd.Kind end(int status) {
        satin.cli.launch.NodeEnd.Kind kind = end;
        return kind != null ? kind : status == 0 ? satin.cli.launch.NodeEnd.Kind.SERVED
                : satin.cli.launch.NodeEnd.Kind.FAILED;
    }

    @Option(names = "--workers", paramLabel = "N",
            description = "worker threads per JVM (default: the available processors; with --nodes N on this machine, "
                    + "the available processors divided among the N node JVMs; with --slurm, the task's CPUs)")
    int workers = Runtime.getRuntime().availableProcessors();

    @Option(names = "--list", help = true,
            description = "list the bundled apps, one line each, and exit (as 'satin apps')")
    boolean list;

    @Option(names = "--stats", arity = "0..1", paramLabel = "summary|full", parameterConsumer = StatsOption.class,
            description = "print statistics when main returns: a summary (jobs, steals per level, how busy each cluster "
                    + "was; with --sequential-time the speedup and efficiency); --stats=full adds every figure per "
                    + "worker in one JVM, per node with --nodes")
    String stats;

    /** The statistics asked for: off without --stats. */
    satin.runtime.launch.StatsDetail statsDetail() {
        return stats == null ? satin.runtime.launch.StatsDetail.OFF : satin.runtime.launch.StatsDetail.parse(stats);
    }

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH",
            description = "where to load the program from (directories and jars, separated by the path separator)")
    String classpath;

    @Option(names = "--inline-threshold", paramLabel = "K",
            description = "run a spawn inline when its worker already holds K queued jobs (default: ${DEFAULT-VALUE})")
    int inlineThreshold = RuntimeConfig.DEFAULT_INLINE_THRESHOLD;

    @Option(names = "--nodes", paramLabel = "N",
            description = "run on N nodes (JVMs): without --registry, starts a registry and N node JVMs on this "
                    + "machine; with --registry, the size of the pool this node joins")
    Integer nodes;

    @Option(names = "--clusters", paramLabel = "C",
            description = "with --nodes and no --registry: nodes are assigned round-robin to C clusters (default: 1)")
    int clusters = 1;

    @Option(names = "--algorithm", paramLabel = "RS|CRS",
            description = "load balancing between nodes: RS or CRS (default: ${DEFAULT-VALUE})")
    String algorithm = "CRS";

    @Option(names = "--transport", paramLabel = "tcp|udp", description = "IPL implementation between nodes")
    String transport = "tcp";

    @Option(names = "--wan", paramLabel = "PRESET|FILE",
            description = "emulate a wide-area network between clusters (an IPL WAN preset or topology file); with "
                    + "--nodes, all nodes of a cluster share one path to each other cluster, as on a real wide-area link")
    String wan;

    @Option(names = "--registry", paramLabel = "HOST:PORT",
            description = "join the pool of this registry (satin server) as one node; needs --nodes and --cluster; "
                    + "'-' reads HOST:PORT from the first line of standard input (as the nodes of --nodes N do)")
    String registry;

    @Option(names = "--end-with-input",
            description = "with --registry -: after the start-up lines, end this node when its standard input ends "
                    + "(its launcher is gone); the launchers of --nodes N and --hosts FILE pass it")
    boolean endWithInput;

    @Option(names = "--cluster", paramLabel = "NAME", description = "with --registry: this node's cluster")
    String cluster;

    @Option(names = "--node-name", paramLabel = "NAME",
            description = "with --registry: this node's name, unique in the pool (default: host name and process id)")
    String nodeName;

    @Option(names = "--pool", paramLabel = "NAME", description = "with --registry: the pool (run) to join "
            + "(default: ${DEFAULT-VALUE})")
    String pool = "satin";

    @Option(names = "--hosts", paramLabel = "FILE",
            description = "start one node per line of FILE over ssh (host [cluster] [workers] [java options...]; "
                    + "--node-address=HOST among the options is that host's published address); the registry runs here")
    Path hosts;

    @Option(names = "--shared-fs", description = "with --hosts: the hosts see this file system (the class path is "
            + "not copied)")
    boolean sharedFs;

    @Option(names = "--ssh-option", paramLabel = "OPTION",
            description = "with --hosts: an option for every ssh, e.g. --ssh-option=-F --ssh-option=ssh.conf (repeatable)")
    List<String> sshOptions = new ArrayList<>();

    @Option(names = "--advertise", paramLabel = "HOST",
            description = "with --hosts: the address of this machine the hosts reach the registry at (default: "
                    + "this host's name)")
    String advertise;

    @Option(names = "--pool-secret-file", paramLabel = "FILE",
            description = "with --registry: the file holding the pool's secret, the same on every node (default: the "
                    + "file named by the environment variable SATIN_POOL_SECRET_FILE); only members proving it may "
                    + "join and link. --nodes N without --registry makes a fresh secret per run")
    Path poolSecretFile;

    @Option(names = "--insecure",
            description = "no pool secret: no authentication and no encryption, anyone who reaches the ports may join")
    boolean insecure;

    @Option(names = "--encrypt", paramLabel = "all|wide-area|none",
            description = "which links are encrypted (TLS 1.3 on tcp, AES-GCM on udp); wide-area: only between "
                    + "clusters; links are always authenticated (default: ${DEFAULT-VALUE}; none for the nodes of "
                    + "--nodes N on this machine, whose links never leave its loopback)")
    String encrypt = "all";

    @Option(names = "--slurm",
            description = "run as one task of a Slurm job step (srun ... satin run --slurm ...): the rank, the pool "
                    + "size and the first host come from Slurm's environment; rank 0 runs the registry; needs the "
                    + "pool secret in a file every task reads (a shared file system) or --insecure")
    boolean slurm;

    @Option(names = "--cluster-of", paramLabel = "RULE",
            description = "with --slurm: each host's cluster, from a file of 'host cluster' lines or a regular "
                    + "expression whose capture group is the cluster, e.g. 'fs\\d+\\.(\\w+)\\..*' (default: one cluster)")
    String clusterOf;

    @Option(names = "--registry-port", paramLabel = "PORT",
            description = "with --slurm: the port of rank 0's registry (default: from the job and step ids, "
                    + "20000-39999)")
    Integer registryPort;

    @Option(names = "--registry-host", paramLabel = "HOST",
            description = "with --slurm: the address the tasks reach rank 0's registry at (default: the step's "
                    + "first host)")
    String registryHost;

    @Option(names = "--port-range", paramLabel = "LOW-HIGH",
            description = "the ports nodes listen on for each other (ipl.port.range), for firewalls between sites, "
                    + "e.g. 9000-9100 (default: any free port)")
    String portRange;

    @Option(names = "--node-address", paramLabel = "HOST",
            description = "with --registry or --slurm: the address this node publishes to the others "
                    + "(ipl.advertised.address), on a host with several interfaces (default: its first non-loopback "
                    + "address)")
    String nodeAddress;

    @Option(names = "--register", paramLabel = "CLASS", split = ",",
            description = "extra classes to register for serialization between nodes, written as Java does "
                    + "(a.b.Outer.Inner, a.b.Shape[]): only for values behind Object fields; a job holding a class "
                    + "that is not registered runs on its own node")
    List<String> register = new ArrayList<>();

    @Option(names = "--stats-json", paramLabel = "FILE",
            description = "with --nodes: write the statistics as JSON to FILE")
    Path statsJson;

    @Option(names = "--sequential-time", paramLabel = "SECONDS",
            description = "the run time of the program without Satin (t_s): --stats then shows the speedup and the "
                    + "efficiency, --stats=full the overhead breakdown")
    Double sequentialTime;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "with --nodes: longest wait for another node (joining, replies, statistics) "
                    + "(default: ${DEFAULT-VALUE})")
    long timeoutSeconds = 60;

    @Option(names = "--node-jvm-option", paramLabel = "OPTION",
            description = "with --nodes: an option for every node JVM, e.g. --node-jvm-option=-Xmx2g (repeatable); "
                    + "a collector chosen here or in JAVA_TOOL_OPTIONS replaces the default -XX:+UseSerialGC")
    List<String> nodeJvmOptions = new ArrayList<>();

    @Option(names = "--kill", paramLabel = "NODE@WHEN", split = ",",
            description = "with --nodes: fault injection; node NODE (node1 or 1) halts its JVM abruptly (like "
                    + "SIGKILL: no goodbye, sockets closed by the OS) at WHEN: SECONDS after the run started on it "
                    + "(e.g. node1@2 or node1@2.5s), or once it has run K jobs (e.g. node1@500j, driven by the run's "
                    + "progress); WHEN+Kt (or Kt alone): at the first moment from WHEN on at which other nodes run at "
                    + "least K of its jobs (e.g. node1@0.7+1t: killed while it has orphans); repeatable, comma-separated; the master (node0) too: the live node that sorts "
                    + "first then runs main again, reusing salvaged results; node0@done: the master halts after main "
                    + "returned, once its first DONE (sent to the node ranking last, not to its successor) is confirmed: "
                    + "the successor asks the others, learns that the run is over and ends it instead of running main "
                    + "again")
    List<String> kill = new ArrayList<>();

    @Option(names = "--leave", paramLabel = "NODE@WHEN", split = ",",
            description = "with --nodes: node NODE leaves the run gracefully at WHEN (as --kill), as on SIGTERM: it "
                    + "stops stealing, finishes the jobs it holds, sends their results to their owners and leaves; "
                    + "nothing is run again; not the master (node0)")
    List<String> leave = new ArrayList<>();

    @Option(names = "--partition", paramLabel = "CLUSTER@WHEN[+SECONDS]", split = ",",
            description = "with --nodes and --wan: fault injection; a network partition of cluster CLUSTER (cluster1 or "
                    + "1): at WHEN (as --kill, as each of its nodes sees it) its nodes' wide-area links and registry "
                    + "connections (heartbeats included) are cut for SECONDS, or for good without +SECONDS. A cut longer "
                    + "than --detection-time: the others declare those nodes dead and recover their work as after a "
                    + "crash, and the cut nodes, having lost the registry, stop (fenced: they send nothing more). A "
                    + "shorter cut only delays their traffic")
    List<String> partition = new ArrayList<>();

    @Option(names = "--cut-after-jobs", hidden = true, paramLabel = "K",
            description = "fault injection inside a node JVM (set by --partition CLUSTER@Kj): cut after K jobs")
    Long cutAfterJobs;

    @Option(names = "--cut-after-millis", hidden = true, paramLabel = "MS",
            description = "fault injection inside a node JVM (set by --partition CLUSTER@SECONDS): cut MS after the "
                    + "run started here")
    Long cutAfterMillis;

    @Option(names = "--cut-for-millis", hidden = true, paramLabel = "MS",
            description = "fault injection inside a node JVM (set by --partition ...+SECONDS): heal the cut after MS")
    long cutForMillis = -1;

    @Option(names = "--cut-option", hidden = true, paramLabel = "TEXT",
            description = "fault injection inside a node JVM: the --partition value that set the cut, for messages")
    String cutOption = "";

    @Option(names = "--ipl-setting", paramLabel = "KEY=VALUE",
            description = "an IPL setting for every node (ipl.* keys, see the ipl README), e.g. "
                    + "--ipl-setting ipl.udp.fault.loss=0.2 to lose a fifth of the udp datagrams; repeatable")
    List<String> iplSettings = new ArrayList<>();

    @Option(names = "--join",
            description = "with --registry: join a pool that is running already (started with fault tolerance), "
                    + "whatever its size; this node starts stealing as soon as the pool's nodes have welcomed it "
                    + "(--nodes is not needed)")
    boolean join;

    @Option(names = "--add-node-after", paramLabel = "SECONDS|Kj", split = ",",
            description = "with --nodes: start one more node JVM that joins the running pool SECONDS after the run "
                    + "started (e.g. 2 or 2.5s), or once the master has run K jobs (e.g. 40j, driven by the run's "
                    + "progress); repeatable, comma-separated, one node each; --nodes is the number the run waits for "
                    + "before main starts")
    List<String> addNodeAfter = new ArrayList<>();

    @Option(names = "--announce-jobs", hidden = true, paramLabel = "K", split = ",",
            description = "inside the master's JVM (set by --add-node-after Kj): print a line once it has run K jobs, "
                    + "on which the launcher starts a joining node")
    List<Long> announceJobs = new ArrayList<>();

    @Option(names = "--detection-time", paramLabel = "MS",
            description = "with --nodes: a node silent this long is declared dead by the registry (heartbeat "
                    + "timeout); a node whose connections close is dead at once (default: ${DEFAULT-VALUE})")
    long detectionMillis = satin.runtime.node.NodeOptions.DEFAULT_DETECTION_MILLIS;

    @Option(names = "--no-fault-tolerance",
            description = "with --nodes: do not survive crashes (a lost node ends the run, exit 3); only for "
                    + "measuring what fault tolerance costs")
    boolean noFaultTolerance;

    @Option(names = "--no-result-reuse",
            description = "with --nodes: re-executions of lost work do not reuse salvaged results; only for measuring "
                    + "what reuse saves (satin bench faults)")
    boolean noResultReuse;

    @Option(names = "--crash-after-jobs", hidden = true, paramLabel = "K",
            description = "fault injection inside a node JVM (set by --kill NODE@Kj): halt after K jobs")
    Long crashAfterJobs;

    @Option(names = "--crash-while-stolen", hidden = true, paramLabel = "K",
            description = "fault injection inside a node JVM (set by --kill NODE@WHEN+Kt): halt only once other nodes "
                    + "run at least K of its jobs")
    Integer crashWhileStolen;

    @Option(names = "--crash-after-done", hidden = true,
            description = "fault injection inside the master's JVM (set by --kill node0@done): halt right after main "
                    + "returned and the first DONE was sent")
    boolean crashAfterDone;

    @Option(names = "--crash-after-millis", hidden = true, paramLabel = "MS",
            description = "fault injection inside a node JVM (set by --kill NODE@SECONDS): halt MS after the run "
                    + "started here")
    Long crashAfterMillis;

    @Option(names = "--leave-after-jobs", hidden = true, paramLabel = "K",
            description = "fault injection inside a node JVM (set by --leave NODE@Kj): leave after K jobs")
    Long leaveAfterJobs;

    @Option(names = "--leave-after-millis", hidden = true, paramLabel = "MS",
            description = "fault injection inside a node JVM (set by --leave NODE@SECONDS): leave MS after the run "
                    + "started here")
    Long leaveAfterMillis;

    @Option(names = "--record-trace", paramLabel = "FILE",
            description = "record the spawn tree (own time, parameter and result sizes of every job) and write it "
                    + "to FILE when main returns, for satin simulate run --trace FILE; every spawn is then queued "
                    + "(no inlining); one JVM only")
    Path recordTrace;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "write a timeline of the whole run to FILE in the Chrome trace-event format (open it in "
                    + "ui.perfetto.dev or chrome://tracing): one row per node and worker with its jobs, waits in sync, "
                    + "idle time, steal attempts (victim, outcome) and messages (sizes); with --nodes, the nodes' "
                    + "timelines merged on this machine's clock")
    Path timeline;

    @Option(names = "--progress", negatable = true,
            description = "one updating line on stderr while the run goes on: elapsed time, jobs done, steals local / "
                    + "intra-cluster / wide-area, busy %% per cluster; then a summary line (default: on when stderr is "
                    + "a terminal, shown once the run lasts over 3 s; --no-progress: off)")
    Boolean progress;

    /** Set by the launcher for its node JVMs when it shows a progress line: report to it on stderr. */
    @Option(names = "--progress-report", hidden = true)
    boolean progressReport;

    /** With --registry and --trace: timestamps on this machine's monotonic clock (the local launcher's nodes). */
    @Option(names = "--trace-clock", paramLabel = "wall|monotonic", hidden = true, defaultValue = "wall")
    String timelineClock;

    @Parameters(index = "0", paramLabel = "<main-class|app>",
            description = "fully qualified main class, or the name of a bundled app (e.g. fib)")
    String target;

    @Parameters(index = "1..*", paramLabel = "args", description = "arguments of the program's main")
    List<String> args = new ArrayList<>();

    private CommandSpec spec;

    /** Options end at the first positional parameter: the program's own options are passed through. */
    private java.io.OutputStream programOutput = System.out;

    /** Where a multi-node launch copies the nodes' standard output (default: {@code System.out}). */
    public RunCommand programOutput(java.io.OutputStream out) {
        this.programOutput = out;
        return this;
    }

    java.io.OutputStream programOutput() {
        return programOutput;
    }

    CommandSpec spec() {
        return spec;
    }

    /** Whether {@code option} was given on the command line (not merely at its default). */
    boolean explicit(String option) {
        return spec != null && spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /**
     * Standard output as picocli gives it, or, for a node whose options were handed over without picocli
     * ({@link NodeHandover}), the same writer picocli would have made.
     */
    PrintWriter outWriter() {
        return spec != null ? spec.commandLine().getOut() : new PrintWriter(System.out, true);
    }

    private PrintWriter errWriter() {
        return spec != null ? spec.commandLine().getErr() : new PrintWriter(System.err, true);
    }

    /** Watches a node's standard input for its launcher's end ({@code --end-with-input}), or null. */
    private volatile LauncherWatch watch;

    void watching(LauncherWatch launcherWatch) {
        this.watch = launcherWatch;
    }

    /** Stops watching the standard input (if this node did): the node ends by itself. */
    void stopWatching() {
        LauncherWatch w = watch;
        if (w != null) {
            w.stop();
        }
    }

    @Spec
    void spec(CommandSpec commandSpec) {
        this.spec = commandSpec;
        commandSpec.parser().stopAtPositional(true);
    }

    /** Whether this run shows a progress line: --progress/--no-progress, else when stderr is a terminal. */
    boolean progressShown() {
        return progress != null ? progress : !progressReport && System.console() != null;
    }

    @Override
    public Integer call() {
        StatusLineWriter err = new StatusLineWriter(errWriter(), System.console() != null);
        if (list) {
            try {
                return AppsCommand.list(outWriter(), ClassPaths.loader(classpath, RunCommand.class.getClassLoader()));
            } catch (IllegalArgumentException | IllegalStateException e) {
                err.println("error: " + e.getMessage());
                return 2;
            }
        }
        java.util.Optional<String> unwritable = OutputFiles.problem("--stats-json", statsJson)
                .or(() -> OutputFiles.problem("--trace", timeline))
                .or(() -> OutputFiles.problem("--record-trace", recordTrace));
        if (unwritable.isPresent()) {
            err.println(unwritable.get());
            return 2;
        }
        if (workers < 1) {
            err.println("error: --workers must be at least 1, got " + workers);
            return 2;
        }
        java.util.Optional<String> badStats = StatsOption.problem(this);
        if (badStats.isPresent()) {
            err.println(badStats.get());
            return 2;
        }
        if (sequentialTime != null && !(sequentialTime > 0)) {
            err.println("error: --sequential-time must be a positive number of seconds, got " + sequentialTime);
            return 2;
        }
        if (inlineThreshold < 0) {
            err.println("error: --inline-threshold must be at least 0, got " + inlineThreshold);
            return 2;
        }
        if (recordTrace != null && (nodes != null || registry != null)) {
            err.println("error: --record-trace records a run in one JVM; it cannot be combined with "
                    + (nodes != null ? "--nodes" : "--registry"));
            return 2;
        }
        if (!nodeJvmOptions.isEmpty() && (nodes == null || registry != null)) {
            err.println("error: --node-jvm-option sets options of the node JVMs that --nodes starts; this run "
                    + (nodes == null ? "stays in this JVM" : "joins a pool as this JVM (--registry): pass JVM "
                    + "options to java itself"));
            return 2;
        }
        if (nodes != null || registry != null || hosts != null || slurm || join || !addNodeAfter.isEmpty()) {
            return new MultiNodeRun(this, outWriter(), err).call();
        }
        java.util.Optional<String> nodeOnly = spec == null ? java.util.Optional.empty()
                : NodeOnlyOptions.refusal(spec.commandLine().getParseResult());
        if (nodeOnly.isPresent()) {
            err.println(nodeOnly.get());
            return 2;
        }
        return new OneJvmRun(this, outWriter(), err).call();
    }

    Class<?> resolve(ClassLoader loader) {
        return AppCatalog.load(loader).mainClass(target, classpath, loader);
    }

    /** The program's main class from {@code --classpath}, or null after a line on {@code err} that says why not. */
    Class<?> mainClassOrSay(PrintWriter err) {
        try {
            return resolve(ClassPaths.loader(classpath, RunCommand.class.getClassLoader()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("error: " + e.getMessage());
            return null;
        }
    }
}
