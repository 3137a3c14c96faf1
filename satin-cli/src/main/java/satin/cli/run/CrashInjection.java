package satin.cli.run;

import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;
import satin.runtime.node.SatinNode;

/**
 * {@code --kill NODE@WHEN} inside the node JVM: a daemon thread watches the node's progress and, once it has run K
 * jobs or once the given time has passed since its run started, halts the JVM on the spot ({@link Runtime#halt}: no
 * shutdown hooks, no goodbye to the pool; the operating system closes its sockets, as after a SIGKILL). Command-line
 * code: libraries never halt.
 *
 * @see KillPlan
 */
final class CrashInjection {

    private CrashInjection() {
    }

    /** Halts after {@code jobs} jobs or {@code millis} ms of the run, whichever is given (not null). */
    static void halt(SatinNode node, Long jobs, Long millis, String who, PrintWriter err) {
        Thread watcher = new Thread(() -> {
            while (!due(node, jobs, millis)) {
                try {
                    Thread.sleep(1); // the node's progress is the event; this thread only looks at it
                } catch (InterruptedException e) {
                    return;
                }
            }
            err.println("satin run: " + who + " crashes on purpose after " + node.jobsExecuted() + " jobs, "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - node.startedNanos()) + " ms into the run, "
                    + "at epoch-ms " + System.currentTimeMillis() + " (--kill)");
            err.flush();
            Runtime.getRuntime().halt(137);
        }, "satin-crash-injection");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static boolean due(SatinNode node, Long jobs, Long millis) {
        long started = node.startedNanos();
        if (started == 0) {
            return false;
        }
        return jobs != null ? node.jobsExecuted() >= jobs
                : System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
