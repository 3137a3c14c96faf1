package satin.cli.launch;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.IntFunction;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.PoolSecurity;

/**
 * Runs a multi-node Satin program on this machine: an embedded registry server and one JVM per node, started
 * with the launcher's own java and class path and the node main class the caller names (the command line's
 * {@code satin run} for one node). Node i is in cluster
 * {@code i mod C}. The nodes' standard output (only the master's program prints) is copied byte for byte to
 * {@code out}; their standard error goes to {@code err}, each line prefixed with the node's name.
 *
 * <p>With {@link #remote}, the nodes start elsewhere (over ssh) through a command the caller gives; their output
 * lines are prefixed with their names too.
 *
 * <p>A node's standard input stays open while the launcher runs: after the start-up message it carries nothing,
 * and its end tells the node that the launcher is gone (the node's option {@code --end-with-input}), whether the
 * launcher ended, crashed or was killed, and for a remote node whether its ssh connection dropped. So no node
 * outlives the launcher that started it.
 *
 * <p>Exit status, with nodes that {@linkplain #nodesDeclareTheirEnd declare their end} (the nodes of {@code satin
 * run}): a node's death is the runtime's business, not the launcher's. A node that dies or exits in the middle of the
 * run is reported (which node, how it ended: the signal by name or the exit status, its last lines) and the run goes
 * on; the node that finishes the run decides it, and its exit status is the run's ({@link RunVerdict}). Once it has
 * ended, the others get {@code graceMillis} to end by themselves before they are killed; so do the nodes still
 * running once the registry's pool has closed and emptied (every member left or was declared dead: a frozen JVM, a
 * node that never joined), so the launcher never hangs. With nodes that say nothing, the first non-zero status in
 * node order fails the run, and the others get {@code graceMillis} after it.
 */
public final class LocalLauncher {

    private final String nodeMainClass;
    private final int nodes;
    private final long graceMillis;
    private final String extraClassPath;
    private final List<String> jvmOptions;
    private final IntFunction<List<String>> nodeJvmOptions;
    /** The environment variable that names a node in its JVM's environment (for {@code ps e} and tests). */
    public static final String NODE_VARIABLE = "SATIN_NODE";

    /** Runs before the line saying that the nodes were stopped from outside ({@link #beforeStopLine(Runnable)}). */
    private Runnable beforeStopLine = () -> { };
    /** The stop of the current run, once it runs (read by the threads that print). */
    private volatile InterruptStop stop;

    /**
     * Runs when the JVM is ended from outside (Ctrl-C) while the nodes run, once they are stopped and before the line
     * that says so (e.g. the progress line is taken away). Call before {@link #run}.
     */
    public LocalLauncher beforeStopLine(Runnable action) {
        this.beforeStopLine = action;
        return this;
    }

    /** Nodes killed on purpose: their end is neither reported nor a failure (the run survives it). */
    private final java.util.Set<Integer> expendable = new java.util.HashSet<>();
    private PoolSecurity security;
    private RemoteNodes remote;
    private String poolName;
    /** Whether the nodes declare their end ({@link NodeEnd}); see the class comment. */
    private boolean declaredEnds;
    /** Nodes started while the run runs (numbered from {@code nodes} on), joining the running pool. */
    private final List<LateNode> late = new ArrayList<>();

    /**
     * A node started while the run runs: {@code afterMillis} after the nodes were told the registry (the run's start),
     * or, when {@code afterLine} is not null, once a node printed a standard-error line holding it (e.g. the master
     * announcing that it has run K jobs). Its arguments come from the same function as the others' (index
     * {@code nodes + k}), which makes it join the running pool.
     */
    public record LateNode(long afterMillis, String afterLine) {
    }

    /** Adds a node started while the run runs (see {@link LateNode}); it is node {@code nodes + k}. */
    public LocalLauncher addLater(LateNode node) {
        late.add(node);
        return this;
    }

    /**
     * @param nodeMainClass the main class of every node JVM, found on this JVM's class path
     * @param jvmOptions    options for every node JVM, placed before its class path and main class
     */
    public LocalLauncher(String nodeMainClass, int nodes, long graceMillis, String extraClassPath,
            List<String> jvmOptions) {
        this(nodeMainClass, nodes, graceMillis, extraClassPath, jvmOptions, i -> List.of());
    }

    /**
     * @param nodeJvmOptions options for node i only (e.g. its speed in an experiment), after {@code jvmOptions}
     */
    public LocalLauncher(String nodeMainClass, int nodes, long graceMillis, String extraClassPath,
            List<String> jvmOptions, IntFunction<List<String>> nodeJvmOptions) {
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
        }
        this.nodeMainClass = nodeMainClass;
        this.nodes = nodes;
        this.graceMillis = graceMillis;
        this.extraClassPath = extraClassPath;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.nodeJvmOptions = nodeJvmOptions;
    }

    /**
     * The nodes print their end ({@link NodeEnd}) as their last line on standard error: a node that dies is then
     * reported and the run goes on (see the class comment). Call before {@link #run}.
     */
    public LocalLauncher nodesDeclareTheirEnd() {
        this.declaredEnds = true;
        return this;
    }

    /** Lets the run go on, without a report, when node {@code node} dies (it crashes on purpose). */
    public LocalLauncher expendable(int node) {
        expendable.add(node);
        return this;
    }

    /** How the embedded registry admits members: the run's pool secret, or none ({@code --insecure}). */
    public LocalLauncher security(PoolSecurity poolSecurity) {
        this.security = poolSecurity;
        return this;
    }

    private java.util.function.Predicate<String> takenErrorLines = line -> false;

    private IntFunction<String> nodeInput;

    /**
     * Text written on node i's standard input as soon as it runs, before the start-up message (the node's options,
     * parsed here: {@code satin.cli.run.NodeHandover}); computed once the first nodes have started, so that their
     * JVMs boot meanwhile. Call before {@link #run}.
     */
    public LocalLauncher nodeInput(IntFunction<String> input) {
        this.nodeInput = input;
        return this;
    }

    /**
     * Lines of the nodes' standard error that {@code taken} accepts (returns true for) are its own and not relayed:
     * how the nodes' progress reports reach the launcher ({@code satin run --progress}). Call before {@link #run}.
     */
    public LocalLauncher takeErrorLines(java.util.function.Predicate<String> taken) {
        this.takenErrorLines = taken;
        return this;
    }

    /**
     * Starts node i somewhere else (over ssh): the command that does it, given this JVM's java command and
     * the node's {@code satin run} arguments. The command must hand its standard input to the node unread (the
     * start-up message, then the end of input when the launcher is gone).
     */
    public interface RemoteNodes {
        List<String> command(int i, List<String> localJava, List<String> nodeArgs) throws IOException;

        /** Node i's name in the output. */
        String name(int i);

        /** The address of this machine the remote nodes reach the registry at. */
        String registryHost();
    }

    /** Starts the nodes through {@code remote} (the registry then listens on every interface). */
    public LocalLauncher remote(RemoteNodes remoteNodes) {
        this.remote = remoteNodes;
        return this;
    }

    /**
     * The pool the nodes form. With {@link #remote}, a node that fails before the pool closed (its host is
     * unreachable, has no java, or holds a different pool secret) is left out: the pool closes without it and
     * the run goes on with the others, at least one.
     */
    public LocalLauncher poolName(String pool) {
        this.poolName = pool;
        return this;
    }

    /** Node i's name. */
    public static String nodeName(int i) {
        return "node" + i;
    }

    /** Cluster of node i among {@code clusters} (round-robin). */
    public static String clusterName(int i, int clusters) {
        return "cluster" + (i % clusters);
    }

    /**
     * Starts the nodes, the registry and the nodes' shared start-up data at once, relays the nodes' output and
     * waits for all of them.
     *
     * <p>Start-up order: the registry starts on a thread of its own, and the node JVMs are started at once, each
     * without waiting for the others, since a JVM takes longest to become useful (class loading and JIT warm-up).
     * While they boot, this JVM computes, on another thread, {@code startupLines} (the
     * serialization class list, computed once instead of by every node). Then each node receives on its
     * standard input the registry's {@code host:port} as the first line and the start-up lines after it; the
     * node reads them only when it is ready to join (see {@code satin run --registry -}).
     *
     * @param nodeArgs     the {@code satin run} arguments of node i; the registry address comes on its stdin
     * @param startupLines lines every node reads on its standard input after the registry address
     */
    public int run(IntFunction<List<String>> nodeArgs, Callable<List<String>> startupLines, OutputStream out,
            PrintWriter err, RegistryAddressSink sink) throws IOException, InterruptedException {
        String classpath = booted != null ? booted.classpath() : classPath();
        Optional<StartupArchive> archive = booted != null ? booted.archive() : archive(classpath);
        NodeStarter starter = new NodeStarter(this, classpath, archive, nodeArgs, out, err);
        InterruptStop stop = new InterruptStop(starter, err, this::name, beforeStopLine);
        this.stop = stop;
        stop.install(); // Ctrl-C: every node started here ends too, and the launcher says so in one line
        // The registry (its TLS identity, Netty) starts on a thread of its own while the node JVMs are started and
        // boot: the nodes need its address before they can join, so it is on every run's critical path.
        FutureTask<RegistryServer> registry = new FutureTask<>(() -> new RegistryServer(
                remote == null ? "127.0.0.1" : "0.0.0.0", 0).security(security).onRefusedAuthentication(why -> {
                    synchronized (err) {
                        err.println("satin run: the registry refused a node that could not prove the pool "
                                + "secret: " + why);
                        err.flush();
                    }
                }).start());
        Thread registrar = new Thread(registry, "satin-launcher-registry");
        registrar.setDaemon(true);
        registrar.start();
        try {
            for (int i = 0; i < nodes; i++) {
                starter.start(i);
            }
            for (int i = 0; i < nodes; i++) {
                starter.giveInput(i);
            }
            FutureTask<List<String>> lines = new FutureTask<>(startupLines);
            Thread preparer = new Thread(lines, "satin-launcher-prepare");
            preparer.setDaemon(true);
            preparer.start();
            try (RegistryServer server = started(registry)) {
                String address = remote == null ? server.address() : remote.registryHost() + ":" + server.port();
                sink.accept(address);
                String message;
                try {
                    message = StartupMessage.format(address, lines.get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    err.println("satin run: cannot prepare the nodes' start: " + cause.getMessage());
                    err.flush();
                    return 3;
                }
                for (Process p : starter.snapshot()) {
                    tell(p, message);
                }
                starter.message = message;
                RunVerdict verdict = new RunVerdict(declaredEnds, this::name, expendable);
                int[] statuses = new NodeSupervision(this, err, server, starter, verdict).await();
                archive.ifPresent(a -> a.settle(statuses[0]));
                for (Thread t : starter.snapshotRelays()) {
                    t.join(graceMillis);
                }
                String summary = verdict.summary();
                if (summary != null) {
                    say(err, summary);
                }
                out.flush();
                err.flush();
                return verdict.status();
            }
        } finally {
            stop.holdIfStopping(); // the nodes are being stopped and the JVM halts: nothing more to do or say
            closeIfStarted(registry);
            abandon(); // booted JVMs not adopted: the run failed before it started them all
            starter.close();
            for (Process p : starter.snapshot()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                try {
                    p.getOutputStream().close();
                } catch (IOException e) {
                    // the node has ended already
                }
            }
            stop.uninstall();
        }
    }

    /** The class-data archive of local node JVMs; remote nodes start without (it is a file of this machine). */
    private Optional<StartupArchive> archive(String classpath) {
        return remote != null ? Optional.empty()
                : StartupArchive.forNodes(System.getProperty("java.home"), classpath, jvmOptions);
    }

    /** Node JVMs started by {@link #boot}, adopted by {@link #run}. */
    private BootedNodes booted;

    /**
     * Starts the JVMs of the first nodes now, with {@code nodeArgs}, ahead of {@link #run} (which must be given the
     * same arguments for them): a JVM's start is the longest part of a short run's start, so the caller boots the
     * nodes as soon as it knows their command line and prepares the run (pool secret, registry security, ...)
     * while they boot. Local nodes only. Until {@code run} adopts them, the JVMs wait for their input; a caller that
     * fails before {@code run} must {@link #abandon} them.
     */
    public void boot(IntFunction<List<String>> nodeArgs) throws IOException {
        if (remote != null || booted != null) {
            throw new IllegalStateException("boot() is for local nodes, once");
        }
        String classpath = classPath();
        Optional<StartupArchive> archive = archive(classpath);
        List<Process> processes = new ArrayList<>();
        try {
            for (int i = 0; i < nodes; i++) {
                processes.add(NodeStarter.spawn(this, classpath, archive, nodeArgs.apply(i), i));
            }
        } catch (IOException | RuntimeException e) {
            processes.forEach(Process::destroyForcibly);
            throw e;
        }
        booted = new BootedNodes(classpath, archive, processes);
    }

    /** Ends the JVMs {@link #boot} started that {@link #run} has not adopted (the run never came). */
    public void abandon() {
        if (booted != null) {
            booted.abandon();
        }
    }

    /** Node {@code i}'s booted JVM, handed over once, or null. */
    Process booted(int i) {
        return booted == null ? null : booted.take(i);
    }

    /** The registry the helper thread started, or its failure as it was thrown there. */
    private static RegistryServer started(FutureTask<RegistryServer> registry) throws InterruptedException {
        try {
            return registry.get(); // bounded: starting a server binds a port and makes a TLS identity, nothing waits
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            } else if (cause instanceof Error error) {
                throw error;
            } else if (cause instanceof InterruptedException i) {
                throw i;
            }
            throw new IllegalStateException("cannot start the registry: " + cause, cause);
        }
    }

    /** Closes the registry when the run ended before using it (closing twice is harmless). */
    private static void closeIfStarted(FutureTask<RegistryServer> registry) {
        try {
            registry.get().close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | RuntimeException e) {
            // it never started: nothing to close
        }
    }

    /** Node i's name in the output. */
    String name(int i) {
        return remote == null ? nodeName(i) : remote.name(i);
    }

    /**
     * Writes the start-up message to a node's standard input and leaves it open: its end, when this launcher
     * ends (or dies), tells the node to stop. A node that already ended (a bad argument) cannot read it; its exit
     * status tells what happened, so the broken pipe is not an error here.
     */
    static void tell(Process p, String message) {
        try {
            OutputStream in = p.getOutputStream();
            in.write(message.getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // the node has ended: await reports its status
        }
    }

    /** Receives the embedded registry's address once it listens (for messages and tests). */
    @FunctionalInterface
    public interface RegistryAddressSink {
        void accept(String address);
    }

    // what the node starter needs of its launcher

    List<LateNode> late() {
        return late;
    }

    int nodes() {
        return nodes;
    }

    RemoteNodes remote() {
        return remote;
    }

    List<String> nodeJvmOptions(int i) {
        return nodeJvmOptions.apply(i);
    }

    IntFunction<String> nodeInput() {
        return nodeInput;
    }

    String poolName() {
        return poolName;
    }

    long graceMillis() {
        return graceMillis;
    }

    boolean declaresEnds() {
        return declaredEnds;
    }

    /** The nodes whose death does not fail the run; {@link NodeSupervision} adds the ones the pool goes on without. */
    java.util.Set<Integer> expendable() {
        return expendable;
    }

    boolean takesErrorLine(String line) {
        return takenErrorLines.test(line);
    }

    void say(PrintWriter err, String line) {
        InterruptStop s = stop;
        if (s != null && s.stopping()) {
            return; // the stop's line says it all
        }
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }

    /**
     * The node JVMs' class path: this JVM's, plus the extra one. Local nodes get every entry as an absolute path:
     * a class-data sharing archive records the class path as given and the JVM refuses to map it where a relative
     * entry does not resolve the same, while the archive's name is keyed by absolute paths (measured: a launcher
     * started as {@code java -jar satin-cli/target/satin.jar} from another directory ran every node without the
     * archive, silently).
     */
    private String classPath() {
        String classpath = System.getProperty("java.class.path");
        if (extraClassPath != null && !extraClassPath.isBlank()) {
            classpath = classpath + File.pathSeparator + extraClassPath;
        }
        return remote == null ? absolute(classpath) : classpath;
    }

    static String absolute(String classpath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    List<String> javaCommand(String classpath, List<String> archiveOptions, List<String> ownOptions) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(archiveOptions);
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(ownOptions);
        command.addAll(NodeJvmFlags.of(options, System.getenv("JAVA_TOOL_OPTIONS"), System.getenv("JDK_JAVA_OPTIONS")));
        command.addAll(List.of("-cp", classpath, nodeMainClass));
        return command;
    }
}
