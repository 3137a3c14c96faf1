package satin.cli.launch;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
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
 * <p>Exit status: 0 when every node exited with 0, else the first non-zero status in node order (the
 * master's own status when it failed). Once one node failed, the others get {@code graceMillis} to end by
 * themselves (they notice through the registry) before they are killed, so the launcher never hangs.
 */
public final class LocalLauncher {

    private static final Pattern COLLECTOR = Pattern.compile("-XX:\\+Use\\w*GC\\b");

    private final String nodeMainClass;
    private final int nodes;
    private final long graceMillis;
    private final String extraClassPath;
    private final List<String> jvmOptions;
    private final IntFunction<List<String>> nodeJvmOptions;
    /** Nodes whose end by a kill does not fail the run (the run survives it). */
    private final java.util.Set<Integer> expendable = new java.util.HashSet<>();
    private PoolSecurity security;
    private RemoteNodes remote;
    private String poolName;
    /** Remote nodes left out of the pool because they failed before it closed. */
    private final java.util.Set<Integer> leftOut = new java.util.HashSet<>();
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

    /** Lets the run go on when node {@code node} ends with a non-zero status (it crashes on purpose). */
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
        String classpath = classPath();
        // the archive is a file of this machine: remote nodes start without it
        Optional<StartupArchive> archive = remote != null ? Optional.empty()
                : StartupArchive.forNodes(System.getProperty("java.home"), classpath, jvmOptions);
        List<Process> processes = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> relays = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread stopper = new Thread(() -> {
            synchronized (processes) {
                processes.forEach(Process::destroy);
            }
        }, "satin-run-stop-nodes");
        Runtime.getRuntime().addShutdownHook(stopper); // Ctrl-C: every node started here ends too
        Starter starter = new Starter(classpath, archive, nodeArgs, out, err, processes, relays);
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
                int[] statuses = await(processes, err, server, starter);
                archive.ifPresent(a -> a.settle(statuses[0]));
                for (Thread t : relays) {
                    t.join(graceMillis);
                }
                out.flush();
                err.flush();
                return firstFailure(statuses);
            }
        } finally {
            closeIfStarted(registry);
            starter.closed = true;
            for (Process p : starter.snapshot()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                try {
                    p.getOutputStream().close();
                } catch (IOException e) {
                    // the node has ended already
                }
            }
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs now
            }
        }
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
    private String name(int i) {
        return remote == null ? nodeName(i) : remote.name(i);
    }

    /**
     * Writes the start-up message to a node's standard input and leaves it open: its end, when this launcher
     * ends (or dies), tells the node to stop. A node that already ended (a bad argument) cannot read it; its exit
     * status tells what happened, so the broken pipe is not an error here.
     */
    private static void tell(Process p, String message) {
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

    /** The first failure among the nodes that are not {@linkplain #expendable expendable}, or 0. */
    private int firstFailure(int[] statuses) {
        for (int i = 0; i < statuses.length; i++) {
            if (statuses[i] != 0 && !expendable.contains(i)) {
                return statuses[i];
            }
        }
        return 0;
    }

    /**
     * Starts node JVMs: the first {@code nodes} at once, the {@linkplain LateNode late} ones when their time or line
     * comes, unless the run is over by then ({@link #closed}: once any node of the first ones has ended, or the
     * launcher is done). Each started node is told the start-up message (the late ones as they start) and its exit is
     * queued for {@link #await}.
     */
    private final class Starter {
        final String classpath;
        final Optional<StartupArchive> archive;
        final IntFunction<List<String>> nodeArgs;
        final OutputStream out;
        final PrintWriter err;
        final List<Process> processes;
        final List<Thread> relays;
        /** Node index to process; guarded by {@link #processes}. */
        final java.util.Map<Integer, Process> byIndex = new java.util.HashMap<>();
        final java.util.concurrent.LinkedBlockingQueue<Integer> ended = new java.util.concurrent.LinkedBlockingQueue<>();
        final boolean[] lateStarted = new boolean[late.size()];
        volatile String message;
        volatile boolean closed;

        Starter(String classpath, Optional<StartupArchive> archive, IntFunction<List<String>> nodeArgs,
                OutputStream out, PrintWriter err, List<Process> processes, List<Thread> relays) {
            this.classpath = classpath;
            this.archive = archive;
            this.nodeArgs = nodeArgs;
            this.out = out;
            this.err = err;
            this.processes = processes;
            this.relays = relays;
        }

        void start(int i) throws IOException {
            List<String> java = javaCommand(classpath, archive.map(a -> a.jvmOptions(i))
                    .orElse(List.of()), nodeJvmOptions.apply(i));
            List<String> command;
            if (remote == null) {
                command = new ArrayList<>(java);
                command.addAll(nodeArgs.apply(i));
            } else {
                command = remote.command(i, java, nodeArgs.apply(i));
            }
            Process p = new ProcessBuilder(command).start();
            synchronized (processes) {
                processes.add(p);
                byIndex.put(i, p);
            }
            String name = name(i);
            relays.add(remote == null ? relay(p.getInputStream(), out)
                    : relayLines(p.getInputStream(), new PrintWriter(out, true, StandardCharsets.UTF_8),
                            "[" + name + "] ", line -> {
                                heard(line);
                                return false;
                            }));
            // a line can start a late node and also be a progress report the launcher keeps to itself
            relays.add(relayLines(p.getErrorStream(), err, "[" + name + "] ", line -> {
                heard(line);
                return takenErrorLines.test(line);
            }));
            p.onExit().thenRun(() -> ended.add(i));
        }

        /** Writes node i's own input ({@link #nodeInput}), if any. */
        void giveInput(int i) {
            if (nodeInput != null) {
                tell(process(i), nodeInput.apply(i));
            }
        }

        /** Starts late node {@code k} unless it started already or the run is over; false when it will never start. */
        void startLate(int k) {
            synchronized (lateStarted) {
                if (lateStarted[k] || closed) {
                    return;
                }
                lateStarted[k] = true;
            }
            try {
                start(nodes + k);
                giveInput(nodes + k);
                tell(process(nodes + k), message);
                synchronized (err) {
                    err.println("satin run: " + name(nodes + k) + " started; it joins the running pool");
                    err.flush();
                }
            } catch (IOException e) {
                synchronized (err) {
                    err.println("satin run: cannot start " + name(nodes + k) + ": " + e.getMessage());
                    err.flush();
                }
            }
        }

        /** A line a node printed: starts the late nodes waiting for it. */
        void heard(String line) {
            for (int k = 0; k < late.size(); k++) {
                String wanted = late.get(k).afterLine();
                if (wanted != null && line.contains(wanted)) {
                    startLate(k);
                }
            }
        }

        /** Starts the timers of the late nodes that wait for a time (once the first nodes know the registry). */
        void startTimers() {
            for (int k = 0; k < late.size(); k++) {
                LateNode n = late.get(k);
                if (n.afterLine() == null) {
                    int index = k;
                    Thread timer = new Thread(() -> {
                        try {
                            Thread.sleep(n.afterMillis()); // the user asked for this time
                        } catch (InterruptedException e) {
                            return;
                        }
                        startLate(index);
                    }, "satin-run-add-node");
                    timer.setDaemon(true);
                    timer.start();
                }
            }
        }

        /** No more late nodes: the run is over. */
        void close() {
            synchronized (lateStarted) {
                closed = true;
            }
        }

        /** Whether every late node has started or never will. */
        boolean lateSettled() {
            synchronized (lateStarted) {
                if (closed) {
                    return true;
                }
                for (boolean b : lateStarted) {
                    if (!b) {
                        return false;
                    }
                }
                return true;
            }
        }

        List<Process> snapshot() {
            synchronized (processes) {
                return new ArrayList<>(processes);
            }
        }

        Process process(int i) {
            synchronized (processes) {
                return byIndex.get(i);
            }
        }

        int started() {
            synchronized (processes) {
                return byIndex.size();
            }
        }
    }

    /**
     * Waits for every node, the late ones too, and returns their exit statuses by node index (-1 for a node killed
     * here). Once one node failed, the others get {@code graceMillis} to end by themselves before they are killed.
     * Waits on the processes' exit futures, so the launcher learns of an exit at once rather than at the next poll.
     * Once one of the first nodes has ended, the run is over: late nodes not yet started never start.
     */
    private int[] await(List<Process> processes, PrintWriter err, RegistryServer server, Starter starter)
            throws InterruptedException {
        int n = nodes + late.size();
        int[] statuses = new int[n];
        java.util.Arrays.fill(statuses, -1);
        boolean[] done = new boolean[n];
        starter.startTimers();
        long deadline = Long.MAX_VALUE;
        int endedCount = 0;
        while (endedCount < starter.started() || !starter.lateSettled()) {
            // Unbounded until a node fails: the program runs as long as it runs.
            Integer i = deadline == Long.MAX_VALUE ? starter.ended.take()
                    : starter.ended.poll(Math.max(0, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            if (i == null) {
                starter.close();
                for (int k = 0; k < n; k++) {
                    Process p = starter.process(k);
                    if (p != null && p.isAlive()) {
                        err.println("satin run: " + name(k) + " did not end " + graceMillis
                                + " ms after another node failed; killed");
                        p.destroyForcibly();
                    }
                }
                break;
            }
            if (done[i]) {
                continue;
            }
            done[i] = true;
            endedCount++;
            if (i < nodes) {
                starter.close(); // a first node ended: the run is over (or failed), nobody joins it any more
            }
            statuses[i] = starter.process(i).exitValue();
            if (statuses[i] != 0 && remote != null && poolName != null && leftOut.size() < nodes - 1
                    && !expendable.contains(i) && server.leaveOut(poolName)) {
                leftOut.add(i);
                expendable.add(i);
                synchronized (err) {
                    err.println("satin run: going on without " + name(i) + ": it ended (status " + statuses[i]
                            + ") before the pool closed");
                    err.flush();
                }
            }
            if (statuses[i] != 0 && !expendable.contains(i) && deadline == Long.MAX_VALUE) {
                deadline = System.currentTimeMillis() + graceMillis;
            }
        }
        for (int k = 0; k < n; k++) {
            if (starter.process(k) == null) {
                statuses[k] = 0; // a late node that never started: the run ended first
            }
        }
        return statuses;
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

    private List<String> javaCommand(String classpath, List<String> archiveOptions, List<String> ownOptions) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(archiveOptions);
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(ownOptions);
        command.addAll(jvmFlags(options, System.getenv("JAVA_TOOL_OPTIONS"), System.getenv("JDK_JAVA_OPTIONS")));
        command.addAll(List.of("-cp", classpath, nodeMainClass));
        return command;
    }

    /**
     * The node JVMs' flags: the user's options, after two defaults, each left out when they or the JVM's
     * environment variables already set it (the JVM refuses two collectors; an environment variable would lose
     * to the command line):
     * <ul>
     * <li>{@code -XX:+UseSerialGC}: the nodes share this machine's processors, and G1's parallel and concurrent GC
     * threads in one node take processors from the other nodes' workers (measured with satin bench nodes: less CPU
     * and wall time per run with the serial collector, whose pauses stop only the node's own threads);
     * <li>{@code -XX:CompileThresholdScaling=5}: a node compiles a method after five times the JVM's usual number of
     * calls or loop iterations. The JIT threads were a third of a node JVM's processor time in a short run, spent
     * mostly on start-up code (set-up, class initialization, the join) that runs a few hundred times and never
     * again; a hot method reaches the same compiled code a few milliseconds later. Measured in the module README:
     * {@code satin run --nodes 4 --clusters 2 fib 20} 0.3 s faster, {@code --nodes 2 nqueens 16} (5 s) no slower.
     * </ul>
     */
    static List<String> jvmFlags(List<String> options, String... environment) {
        List<String> flags = new ArrayList<>();
        if (!chosen(COLLECTOR, options, environment)) {
            flags.add("-XX:+UseSerialGC");
        }
        if (!chosen(COMPILE_SCALING, options, environment)) {
            flags.add("-XX:CompileThresholdScaling=" + COMPILE_THRESHOLD_SCALING);
        }
        flags.addAll(options);
        return flags;
    }

    /** How much later than the JVM's default a node JIT-compiles (see {@link #jvmFlags}). */
    static final int COMPILE_THRESHOLD_SCALING = 5;

    private static final Pattern COMPILE_SCALING = Pattern.compile("-XX:CompileThresholdScaling=");

    private static boolean chosen(Pattern flag, List<String> options, String... environment) {
        boolean chosen = options.stream().anyMatch(o -> flag.matcher(o).find());
        for (String env : environment) {
            chosen |= env != null && flag.matcher(env).find();
        }
        return chosen;
    }

    private static Thread relay(InputStream in, OutputStream out) {
        return start(() -> {
            byte[] buf = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (out) {
                        out.write(buf, 0, n);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static Thread relayLines(InputStream in, PrintWriter err, String prefix,
            java.util.function.Predicate<String> taken) {
        return start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (taken.test(line)) {
                        continue;
                    }
                    synchronized (err) {
                        err.println(prefix + line);
                        err.flush();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static Thread start(Runnable body) {
        Thread t = new Thread(body, "satin-launcher-relay");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
