package satin.cli.run;

import java.io.PrintWriter;
import satin.runtime.node.SatinNode;

/**
 * {@code --kill NODE@Kj} inside the node JVM: a daemon thread watches the node's progress and, once it has run K
 * jobs, halts the JVM on the spot ({@link Runtime#halt}: no shutdown hooks, no goodbye to the pool; the operating
 * system closes its sockets, exactly as after a SIGKILL). Command-line code: libraries never halt.
 */
final class CrashInjection {

    private CrashInjection() {
    }

    static void haltAfterJobs(SatinNode node, long jobs, String who, PrintWriter err) {
        Thread watcher = new Thread(() -> {
            while (node.jobsExecuted() < jobs) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
            err.println("satin run: " + who + " crashes on purpose after " + node.jobsExecuted() + " jobs at epoch-ms "
                    + System.currentTimeMillis() + " (--kill)");
            err.flush();
            Runtime.getRuntime().halt(137);
        }, "satin-crash-injection");
        watcher.setDaemon(true);
        watcher.start();
    }
}
