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
    private PoolSecurity security;
    private RemoteNodes remote;

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

    /** How the embedded registry admits members: the run's pool secret, or none ({@code --insecure}). */
    public LocalLauncher security(PoolSecurity poolSecurity) {
        this.security = poolSecurity;
        return this;
    }

    /**
     * Starts node i somewhere else (over ssh): the command that does it, given this JVM's java command and
     * the node's {@code satin run} arguments. The node must end when the command's standard input closes.
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

    /** Node i's name. */
    public static String nodeName(int i) {
        return "node" + i;
    }

    /** Cluster of node i among {@code clusters} (round-robin). */
    public static String clusterName(int i, int clusters) {
        return "cluster" + (i % clusters);
    }

    /**
     * Starts the registry and the nodes, relays their output and waits for all of them.
     *
     * @param nodeArgs the {@code satin run} arguments of node i, given the registry's {@code host:port}
     */
    public int run(IntFunction<List<String>> nodeArgs, OutputStream out, PrintWriter err, RegistryAddressSink sink)
            throws IOException, InterruptedException {
        try (RegistryServer server = new RegistryServer(remote == null ? "127.0.0.1" : "0.0.0.0", 0)
                .security(security).start()) {
            sink.accept(remote == null ? server.address() : remote.registryHost() + ":" + server.port());
            List<Process> processes = new ArrayList<>();
            List<Thread> relays = new ArrayList<>();
            Thread stopper = new Thread(() -> processes.forEach(Process::destroy), "satin-run-stop-nodes");
            Runtime.getRuntime().addShutdownHook(stopper); // Ctrl-C: every node started here ends too
            try {
                for (int i = 0; i < nodes; i++) {
                    List<String> command;
                    if (remote == null) {
                        command = new ArrayList<>(javaCommand(nodeJvmOptions.apply(i)));
                        command.addAll(nodeArgs.apply(i));
                    } else {
                        command = remote.command(i, javaCommand(nodeJvmOptions.apply(i)), nodeArgs.apply(i));
                    }
                    Process p = new ProcessBuilder(command).start();
                    if (remote == null) {
                        p.getOutputStream().close();
                    } // else: the remote node lives as long as its ssh's standard input stays open
                    processes.add(p);
                    String name = remote == null ? nodeName(i) : remote.name(i);
                    relays.add(remote == null ? relay(p.getInputStream(), out)
                            : relayLines(p.getInputStream(), new PrintWriter(out, true, StandardCharsets.UTF_8),
                                    "[" + name + "] "));
                    relays.add(relayLines(p.getErrorStream(), err, "[" + name + "] "));
                }
                int status = await(processes, err);
                for (Thread t : relays) {
                    t.join(graceMillis);
                }
                out.flush();
                err.flush();
                return status;
            } finally {
                for (Process p : processes) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
                try {
                    Runtime.getRuntime().removeShutdownHook(stopper);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs now
                }
            }
        }
    }

    /** Receives the embedded registry's address before the nodes start (for messages and tests). */
    @FunctionalInterface
    public interface RegistryAddressSink {
        void accept(String address);
    }

    private int await(List<Process> processes, PrintWriter err) throws InterruptedException {
        int status = 0;
        long deadline = Long.MAX_VALUE;
        boolean[] ended = new boolean[processes.size()];
        int remaining = processes.size();
        while (remaining > 0) {
            for (int i = 0; i < processes.size(); i++) {
                Process p = processes.get(i);
                if (!ended[i] && p.waitFor(20, TimeUnit.MILLISECONDS)) {
                    ended[i] = true;
                    remaining--;
                    if (p.exitValue() != 0) {
                        if (status == 0) {
                            status = p.exitValue();
                            deadline = System.currentTimeMillis() + graceMillis;
                        }
                    }
                }
            }
            if (remaining > 0 && System.currentTimeMillis() > deadline) {
                for (int i = 0; i < processes.size(); i++) {
                    if (!ended[i]) {
                        err.println("satin run: " + nodeName(i) + " did not end " + graceMillis
                                + " ms after another node failed; killed");
                        processes.get(i).destroyForcibly();
                    }
                }
                break;
            }
        }
        return status;
    }

    private List<String> javaCommand(List<String> ownOptions) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("java.class.path");
        if (extraClassPath != null && !extraClassPath.isBlank()) {
            classpath = classpath + File.pathSeparator + extraClassPath;
        }
        List<String> command = new ArrayList<>(List.of(java));
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(ownOptions);
        command.addAll(jvmFlags(options, System.getenv("JAVA_TOOL_OPTIONS"), System.getenv("JDK_JAVA_OPTIONS")));
        command.addAll(List.of("-cp", classpath, nodeMainClass));
        return command;
    }

    /**
     * The node JVMs' flags: the user's options, after {@code -XX:+UseSerialGC} unless they or the JVM's
     * environment variables already choose a collector (the JVM refuses two). The nodes share this machine's
     * processors: G1's parallel and concurrent GC threads in one node take processors from the other nodes'
     * workers (measured with satin bench nodes: less CPU and wall time per run with the serial collector,
     * whose pauses stop only the node's own threads).
     */
    static List<String> jvmFlags(List<String> options, String... environment) {
        boolean chosen = options.stream().anyMatch(o -> COLLECTOR.matcher(o).find());
        for (String env : environment) {
            chosen |= env != null && COLLECTOR.matcher(env).find();
        }
        List<String> flags = new ArrayList<>();
        if (!chosen) {
            flags.add("-XX:+UseSerialGC");
        }
        flags.addAll(options);
        return flags;
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

    private static Thread relayLines(InputStream in, PrintWriter err, String prefix) {
        return start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
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
