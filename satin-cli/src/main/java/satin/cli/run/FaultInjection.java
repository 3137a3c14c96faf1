package satin.cli.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;
import satin.ipl.NetworkCut;
import satin.runtime.node.SatinNode;

/**
 * {@code --kill NODE@WHEN} and {@code --leave NODE@WHEN} inside the node JVM: a daemon thread watches the node's
 * progress and, once it has run K jobs or once the given time has passed since its run started, either halts the JVM
 * on the spot ({@link Runtime#halt}: no shutdown hooks, no goodbye to the pool; the operating system closes its
 * sockets, as after a SIGKILL; with a held-jobs condition, only at the first moment from then on at which other nodes
 * run at least that many of its jobs, so that it dies with orphans) or sends the JVM a SIGTERM, which makes the node
 * leave gracefully as any SIGTERM does ({@link LeaveOnSignal}). Command-line code: libraries never halt.
 *
 * @see KillPlan
 */
final class FaultInjection {

    /** What happens when the injection is due. */
    enum Action { CRASH, LEAVE, CUT }

    private final Action action;
    private final Long jobs;
    private final Long millis;
    /** The node's jobs that other nodes must run when it acts (0: no such condition). */
    private final int minWithThieves;
    private final String who;
    private final PrintWriter err;
    private volatile SatinNode node;
    /** With {@link Action#CUT}: the cut, how long it lasts (-1: for good) and what the user asked for. */
    private final NetworkCut cut;
    private final long cutMillis;
    private final String option;

    /** Acts after {@code jobs} jobs or {@code millis} ms of the run, whichever is given (not null). */
    FaultInjection(Action action, Long jobs, Long millis, String who, PrintWriter err) {
        this(action, jobs, millis, 0, who, err);
    }

    /**
     * Acts after {@code jobs} jobs or {@code millis} ms of the run, whichever is given (not null), at the first moment
     * from then on at which other nodes run at least {@code minWithThieves} of this node's jobs.
     */
    FaultInjection(Action action, Long jobs, Long millis, int minWithThieves, String who, PrintWriter err) {
        this(action, jobs, millis, minWithThieves, who, err, null, -1, "");
    }

    /**
     * A network partition ({@code --partition}): cuts {@code cut} after {@code jobs} jobs or {@code millis} ms of the
     * run, and heals it {@code cutMillis} ms later (-1: never).
     */
    static FaultInjection partition(NetworkCut cut, Long jobs, Long millis, long cutMillis, String who,
            String option, PrintWriter err) {
        return new FaultInjection(Action.CUT, jobs, millis, 0, who, err, cut, cutMillis, option);
    }

    private FaultInjection(Action action, Long jobs, Long millis, int minWithThieves, String who, PrintWriter err,
            NetworkCut cut, long cutMillis, String option) {
        this.minWithThieves = minWithThieves;
        this.cut = cut;
        this.cutMillis = cutMillis;
        this.option = option;
        this.action = action;
        this.jobs = jobs;
        this.millis = millis;
        this.who = who;
        this.err = err;
        Thread watcher = new Thread(this::watchUntilDue, "satin-fault-injection");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Watches {@code joining} from now on (the node of the latest attempt to join the pool). */
    void watch(SatinNode joining) {
        if (cut != null) {
            joining.networkCut(cut);
        }
        this.node = joining;
    }

    private void watchUntilDue() {
        SatinNode n;
        while ((n = node) == null || !due(n)) {
            try {
                Thread.sleep(1); // the node's progress is the event; this thread only looks at it
            } catch (InterruptedException e) {
                return;
            }
        }
        String when = n.jobsExecuted() + " jobs"
                + (minWithThieves > 0 ? " (other nodes running " + n.jobsWithThieves() + " of its jobs)" : "") + ", "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - n.startedNanos()) + " ms into the run, "
                + "at epoch-ms " + System.currentTimeMillis();
        if (action == Action.CUT) {
            cutNow(when);
            return;
        }
        if (action == Action.CRASH) {
            err.println("satin run: " + who + " crashes on purpose after " + when + " (--kill)");
            err.flush();
            Runtime.getRuntime().halt(137);
        }
        err.println("satin run: " + who + " leaves on purpose after " + when + " (--leave: SIGTERM to itself)");
        err.flush();
        try {
            Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(ProcessHandle.current().pid()))
                    .redirectErrorStream(true).start();
            if (kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0) {
                return;
            }
        } catch (IOException e) {
            // no kill command here: leave without the signal
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        n.leave();
    }

    /**
     * Cuts, then heals after the partition's duration: that wait is the injected fault itself (how long the network
     * is down), not a guess at the run's progress.
     */
    private void cutNow(String when) {
        synchronized (err) {
            err.println("satin run: " + who + " is cut off from the other clusters and the registry after " + when
                    + " (" + option + ")");
            err.flush();
        }
        cut.cut();
        if (cutMillis < 0) {
            return;
        }
        try {
            Thread.sleep(cutMillis);
        } catch (InterruptedException e) {
            return;
        }
        synchronized (err) {
            err.println("satin run: " + who + ": the network cut heals after " + cutMillis + " ms (" + option + ")");
            err.flush();
        }
        cut.heal();
    }

    private boolean due(SatinNode n) {
        long started = n.startedNanos();
        if (started == 0) {
            return false;
        }
        boolean time = jobs != null ? n.jobsExecuted() >= jobs
                : System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(millis);
        return time && (minWithThieves == 0 || n.jobsWithThieves() >= minWithThieves);
    }
}
