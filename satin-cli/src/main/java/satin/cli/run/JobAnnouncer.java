package satin.cli.run;

import java.io.PrintWriter;
import java.util.List;
import satin.runtime.node.SatinNode;

/**
 * {@code --add-node-after Kj} inside the master's JVM: a daemon thread watches the node's progress and prints
 * {@link JoinPlan#announcement} on standard error once it has run K jobs, for each K; the launcher, which relays that
 * output, starts a joining node on the line. The node's progress is the event; this thread only looks at it.
 */
final class JobAnnouncer {

    private final List<Long> counts;
    private final String who;
    private final PrintWriter err;
    private volatile SatinNode node;

    JobAnnouncer(List<Long> counts, String who, PrintWriter err) {
        this.counts = List.copyOf(counts);
        this.who = who;
        this.err = err;
        Thread watcher = new Thread(this::watch, "satin-job-announcer");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Watches {@code joining} from now on (the node of the latest attempt to join the pool). */
    void watch(SatinNode joining) {
        this.node = joining;
    }

    private void watch() {
        int next = 0;
        while (next < counts.size()) {
            SatinNode n = node;
            if (n != null && n.startedNanos() != 0 && n.jobsExecuted() >= counts.get(next)) {
                synchronized (err) {
                    err.println(JoinPlan.announcement(who, counts.get(next)));
                    err.flush();
                }
                next++;
                continue;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
