package satin.cli.launch;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * What a launcher does when its JVM is ended from outside while the nodes run (Ctrl-C's SIGINT, SIGTERM, SIGHUP: the
 * JVM runs its shutdown hooks, then halts with status 128 + the signal's number, 130 for Ctrl-C): it stops every node it
 * started, prints one line saying so, and lets the JVM halt once no node is left, within a bound.
 *
 * <p>A node is told the way a launcher that is gone tells it: its standard input is closed. A local node then ends at
 * once (status 3, {@code --end-with-input}); a remote node's ssh passes the end of input on, the node ends and its
 * script removes its run directory, and the ssh ends. A node still running {@value #STOP_MILLIS} ms later (a frozen JVM,
 * a stuck ssh connection) is killed with its descendants, which takes at most {@value #KILL_MILLIS} ms more. So the
 * launcher ends at most {@value #STOP_MILLIS} + {@value #KILL_MILLIS} ms after the signal, plus its own exit, whatever
 * the nodes do; the line is written on a thread of its own and waited for at most {@value #LINE_MILLIS} ms (a standard
 * error nobody reads must not hold the exit).
 *
 * <p>From the stop on, the launcher prints nothing else ({@link #stopping}): the verdict of the nodes' ends and the
 * nodes' own lines about being stopped would only repeat the line, and the launcher's main thread waits for the halt
 * ({@link #holdIfStopping}) instead of going on to print a report of a run that did not end.
 */
final class InterruptStop {
    /** How long the nodes have to end after their input closed before they are killed. */
    static final long STOP_MILLIS = 10_000;
    /** How long killed nodes have to be gone (SIGKILL: the kernel's time only). */
    static final long KILL_MILLIS = 2_000;
    /** How long the one line may take to be written. */
    static final long LINE_MILLIS = 1_000;

    private final NodeStarter starter;
    private final PrintWriter err;
    private final IntFunction<String> names;
    private final Runnable beforeLine;
    private final Thread hook = new Thread(this::stop, "satin-run-stop-nodes");
    private volatile boolean stopping;

    /**
     * @param names      node i's name in the line
     * @param beforeLine runs before the line is printed (e.g. the progress line is taken away)
     */
    InterruptStop(NodeStarter starter, PrintWriter err, IntFunction<String> names, Runnable beforeLine) {
        this.starter = starter;
        this.err = err;
        this.names = names;
        this.beforeLine = beforeLine;
    }

    /** From now until {@link #uninstall}, an end of this JVM stops the nodes first. */
    void install() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The run ended by itself: its own code ends the nodes. */
    void uninstall() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now
        }
    }

    /** Whether the JVM is ending and the nodes are being stopped: the launcher prints nothing more. */
    boolean stopping() {
        return stopping;
    }

    /**
     * Returns at once unless the nodes are being stopped; then never returns: the JVM halts once the stop is done, and
     * the thread calling this (the launcher's main thread) must not report on a run that did not end meanwhile.
     */
    void holdIfStopping() throws InterruptedException {
        while (stopping) {
            hook.join(); // no bound, for a written reason: the JVM halts right after this hook, within its bound
        }
    }

    private void stop() {
        stopping = true;
        Map<Integer, Process> running = starter.stopRunning();
        for (Process p : running.values()) {
            try {
                p.getOutputStream().close();
            } catch (IOException e) {
                // its end of the pipe is gone: it has ended, or will be killed below
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_MILLIS);
        List<String> stopped = new ArrayList<>();
        List<String> killed = new ArrayList<>();
        for (Map.Entry<Integer, Process> node : running.entrySet()) {
            Process p = node.getValue();
            if (waitFor(p, deadline - System.nanoTime())) {
                stopped.add(names.apply(node.getKey()));
            } else {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                killed.add(names.apply(node.getKey()));
            }
        }
        long killDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_MILLIS);
        for (Process p : running.values()) {
            waitFor(p, killDeadline - System.nanoTime());
        }
        print(line(signalName(), stopped, killed));
    }

    /** The line: which signal, which nodes ended when told, which had to be killed. */
    static String line(String signal, List<String> stopped, List<String> killed) {
        StringBuilder b = new StringBuilder("satin run: ").append(signal).append(": ");
        if (stopped.isEmpty() && killed.isEmpty()) {
            return b.append("stopped; no node was running").toString();
        }
        if (!stopped.isEmpty()) {
            b.append("stopped ").append(String.join(", ", stopped));
        }
        if (!killed.isEmpty()) {
            b.append(stopped.isEmpty() ? "" : "; ").append("killed ").append(String.join(", ", killed))
                    .append(" (still running ").append(STOP_MILLIS / 1000).append(" s after being told to stop)");
        }
        return b.toString();
    }

    private void print(String line) {
        Thread printer = new Thread(() -> {
            beforeLine.run();
            synchronized (err) {
                err.println(line);
                err.flush();
            }
        }, "satin-run-stop-line");
        printer.setDaemon(true);
        printer.start();
        try {
            printer.join(LINE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the JVM halts next in any case
        }
    }

    private static boolean waitFor(Process p, long nanos) {
        try {
            return p.waitFor(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        }
    }

    /**
     * The signal the JVM ends on ({@code SIGINT} for Ctrl-C), from the thread the JDK runs a signal's handler on
     * ({@code SIGINT handler}), which waits in the exit while the hooks run; otherwise "the launcher's JVM exits".
     */
    static String signalName() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("SIG") && n.endsWith(" handler"))
                .map(n -> n.substring(0, n.length() - " handler".length())).findFirst()
                .orElse("the launcher's JVM exits");
    }
}
