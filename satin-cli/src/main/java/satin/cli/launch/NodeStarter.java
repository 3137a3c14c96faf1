package satin.cli.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.IntFunction;

/**
 * Starts a launcher's node JVMs: the first ones at once, the {@linkplain LocalLauncher.LateNode late} ones when their
 * time or line comes, unless the run is over by then ({@link #close}). Each started node is told the start-up message
 * (the late ones as they start), its output is relayed, its end line ({@link NodeEnd}) and last lines are kept, and
 * its exit is queued for the launcher's waiting thread ({@link #ended}).
 *
 * <p>Threads: the launcher's thread starts the first nodes; relay threads start late nodes on a line; timer threads
 * on a time. The processes and their indices are guarded by {@link #processes}; ends and last lines are written by a
 * node's relay thread and read after it finished ({@link #endOf}).
 */
final class NodeStarter {
    /** How long the launcher waits for a node's relay to deliver its last lines once its process ended. */
    private static final long RELAY_DRAIN_MILLIS = 2_000;
    /** How often a late node due to start checks whether the pool runs. */
    private static final long POOL_POLL_MILLIS = 20;

    private final LocalLauncher launcher;
    private final String classpath;
    private final Optional<StartupArchive> archive;
    private final IntFunction<List<String>> nodeArgs;
    private final OutputStream out;
    private final PrintWriter err;
    final List<Process> processes = java.util.Collections.synchronizedList(new ArrayList<>());
    final List<Thread> relays = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Node index to process; guarded by {@link #processes}. */
    private final Map<Integer, Process> byIndex = new HashMap<>();
    /** Node index to the relay of its standard error; guarded by {@link #processes}. */
    private final Map<Integer, Thread> errorRelays = new HashMap<>();
    private final Map<Integer, NodeEnd.Kind> ends = new ConcurrentHashMap<>();
    private final Map<Integer, LastLines> lastLines = new ConcurrentHashMap<>();
    /** Indices of the nodes whose process ended, in the order they ended. */
    final LinkedBlockingQueue<Integer> ended = new LinkedBlockingQueue<>();
    private final boolean[] lateStarted;
    volatile String message;
    private volatile boolean closed;
    /** Set once the nodes are stopped from outside: nothing more is printed. */
    private volatile boolean quiet;

    NodeStarter(LocalLauncher launcher, String classpath, Optional<StartupArchive> archive,
            IntFunction<List<String>> nodeArgs, OutputStream out, PrintWriter err) {
        this.launcher = launcher;
        this.classpath = classpath;
        this.archive = archive;
        this.nodeArgs = nodeArgs;
        this.out = out;
        this.err = err;
        this.lateStarted = new boolean[launcher.late().size()];
    }

    /** Starts node {@code i}, or adopts its JVM when it was {@linkplain LocalLauncher#boot booted} ahead. */
    void start(int i) throws IOException {
        Process booted = launcher.booted(i);
        Process p = booted != null ? booted : spawn(launcher, classpath, archive, nodeArgs.apply(i), i);
        String name = launcher.name(i);
        LocalLauncher.RemoteNodes remote = launcher.remote();
        LastLines last = new LastLines(RunVerdict.LAST_LINES);
        lastLines.put(i, last);
        Thread errorRelay = OutputRelay.lines(p.getErrorStream(), err, "[" + name + "] ", line -> {
            if (quiet) {
                return true; // the nodes are being stopped from outside: the launcher's one line says it
            }
            heard(line);
            NodeEnd.Kind end = NodeEnd.parse(line);
            if (end != null) {
                ends.put(i, end);
                return true;
            }
            if (launcher.takesErrorLine(line)) {
                return true; // a line can start a late node and also be a progress report the launcher keeps
            }
            last.add(line);
            return false;
        });
        synchronized (processes) {
            processes.add(p);
            byIndex.put(i, p);
            errorRelays.put(i, errorRelay);
        }
        relays.add(remote == null ? OutputRelay.bytes(p.getInputStream(), out)
                : OutputRelay.lines(p.getInputStream(), new PrintWriter(out, true, StandardCharsets.UTF_8),
                        "[" + name + "] ", line -> {
                            heard(line);
                            return false;
                        }));
        relays.add(errorRelay);
        p.onExit().thenRun(() -> ended.add(i));
    }

    /** Starts node {@code i}'s process with {@code args}: its JVM here, or the remote command that starts it. */
    static Process spawn(LocalLauncher launcher, String classpath, Optional<StartupArchive> archive, List<String> args,
            int i) throws IOException {
        List<String> java = launcher.javaCommand(classpath, archive.map(a -> a.jvmOptions(i)).orElse(List.of()),
                launcher.nodeJvmOptions(i));
        LocalLauncher.RemoteNodes remote = launcher.remote();
        List<String> command;
        if (remote == null) {
            command = new ArrayList<>(java);
            command.addAll(args);
        } else {
            command = remote.command(i, java, args);
        }
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put(LocalLauncher.NODE_VARIABLE, launcher.name(i)); // which node, for ps and tests
        return builder.start();
    }

    /**
     * The end node {@code i} declared (null: none) once its process has ended, after its standard error has been
     * relayed to its end (bounded: a grandchild holding the pipe must not hold the launcher).
     */
    NodeEnd.Kind endOf(int i) throws InterruptedException {
        Thread relay;
        synchronized (processes) {
            relay = errorRelays.get(i);
        }
        if (relay != null) {
            relay.join(RELAY_DRAIN_MILLIS);
        }
        return ends.get(i);
    }

    /** The last lines node {@code i} printed on its standard error (progress and end lines excluded). */
    List<String> lastLines(int i) {
        LastLines last = lastLines.get(i);
        return last == null ? List.of() : last.get();
    }

    /** Writes node i's own input ({@link LocalLauncher#nodeInput}), if any. */
    void giveInput(int i) {
        IntFunction<String> input = launcher.nodeInput();
        if (input != null) {
            LocalLauncher.tell(process(i), input.apply(i));
        }
    }

    /** Starts late node {@code k} unless it started already or the run is over. */
    void startLate(int k) {
        synchronized (lateStarted) {
            if (lateStarted[k] || closed) {
                return;
            }
            lateStarted[k] = true;
        }
        int index = launcher.nodes() + k;
        try {
            start(index);
            giveInput(index);
            LocalLauncher.tell(process(index), message);
            say("satin run: " + launcher.name(index) + " started; it joins the running pool");
        } catch (IOException e) {
            say("satin run: cannot start " + launcher.name(index) + ": " + e.getMessage());
        }
    }

    private void say(String line) {
        if (quiet) {
            return;
        }
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }

    /** A line a node printed: starts the late nodes waiting for it. */
    private void heard(String line) {
        List<LocalLauncher.LateNode> late = launcher.late();
        for (int k = 0; k < late.size(); k++) {
            String wanted = late.get(k).afterLine();
            if (wanted != null && line.contains(wanted)) {
                startLate(k);
            }
        }
    }

    /**
     * Starts the timers of the late nodes that wait for a time (once the first nodes know the registry). A late node
     * starts once its time has come and the pool runs ({@code poolRunning}: it has all its initial members), so that
     * it never competes with an initial node still starting (the registry refuses a late member before that).
     */
    void startTimers(java.util.function.BooleanSupplier poolRunning) {
        List<LocalLauncher.LateNode> late = launcher.late();
        for (int k = 0; k < late.size(); k++) {
            LocalLauncher.LateNode n = late.get(k);
            if (n.afterLine() == null) {
                int index = k;
                Thread timer = new Thread(() -> {
                    try {
                        Thread.sleep(n.afterMillis()); // the user asked for this time
                        while (!poolRunning.getAsBoolean() && !closed) {
                            Thread.sleep(POOL_POLL_MILLIS); // until the pool runs or the run is over, nothing longer
                        }
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

    /**
     * The nodes whose process still runs, by index, and from now on no line of theirs nor of this starter is printed:
     * the launcher stops them from outside ({@link InterruptStop}).
     */
    java.util.SortedMap<Integer, Process> stopRunning() {
        quiet = true;
        close();
        java.util.SortedMap<Integer, Process> running = new java.util.TreeMap<>();
        synchronized (processes) {
            byIndex.forEach((i, p) -> {
                if (p.isAlive()) {
                    running.put(i, p);
                }
            });
        }
        return running;
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

    List<Thread> snapshotRelays() {
        synchronized (relays) {
            return new ArrayList<>(relays);
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
