package satin.cli.run;

import java.io.PrintWriter;
import java.util.List;
import satin.runtime.node.SatinNode;
import sun.misc.Signal;

/**
 * A signal makes a node of a run that survives crashes leave gracefully ({@link SatinNode#leave}) instead of vanishing:
 * SIGTERM always, and Ctrl-C (SIGINT) on a node started by hand ({@code satin run --registry HOST:PORT}); the nodes of
 * a local run ({@code --nodes N}) share the terminal with their launcher, where Ctrl-C stops the whole run at once.
 * The node's command then ends normally, with exit status 0 once the node has left. A second signal while the node
 * leaves ends the JVM at once (status 128 + the signal's number), as without this handler.
 *
 * <p>Under Slurm, srun passes a double Ctrl-C (SIGINT, then SIGTERM to end the step) and {@code scancel}'s signal to
 * every task at once, so only rank 0 says what the signals do: one line per signal for the run, not one per task
 * ({@code quiet} on the other ranks). A leave that failed is still said by each task: that is about one task.
 *
 * <p>Why {@code sun.misc.Signal} (module {@code jdk.unsupported}, in every JDK since 9) rather than a shutdown hook: a
 * hook runs only once the JVM is already shutting down, when the node's command can no longer end normally (its
 * {@code System.exit} would block) and the hook would have to halt the JVM itself with a chosen status; a handler lets
 * the node leave and its command end as it always does.
 */
final class LeaveOnSignal {

    private final String who;
    private final boolean quiet;
    private final PrintWriter err;
    private volatile SatinNode node;
    private volatile boolean asked;

    private LeaveOnSignal(String who, boolean quiet, PrintWriter err) {
        this.who = who;
        this.quiet = quiet;
        this.err = err;
    }

    /**
     * Handles SIGTERM, and SIGINT when {@code interrupt} too, from now on in this JVM.
     *
     * @param quiet whether what a signal does is left to another node that got the same signal to say (a Slurm
     *              task other than rank 0)
     * @throws IllegalArgumentException if this JVM does not let a program handle these signals
     */
    static LeaveOnSignal install(String who, boolean interrupt, boolean quiet, PrintWriter err) {
        LeaveOnSignal l = new LeaveOnSignal(who, quiet, err);
        for (String name : interrupt ? List.of("TERM", "INT") : List.of("TERM")) {
            Signal.handle(new Signal(name), l::handle);
        }
        return l;
    }

    /** The node of the latest attempt to join the pool. */
    void watch(SatinNode joining) {
        this.node = joining;
    }

    private void handle(Signal signal) {
        SatinNode n = node;
        if (asked || n == null) {
            if (!quiet) {
                err.println("satin run: " + who + ": SIG" + signal.getName() + (asked ? " again" : " before joining")
                        + ": stopping at once");
                err.flush();
            }
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        asked = true;
        if (!quiet) {
            err.println("satin run: " + who + ": SIG" + signal.getName() + ": leaving the run gracefully (finishing "
                    + "the jobs it holds; signal again to stop at once)");
            err.flush();
        }
        n.leave().whenComplete((ok, failure) -> {
            if (failure != null) {
                err.println("satin run: " + who + ": cannot leave gracefully (" + failure.getMessage()
                        + "); signal again to stop at once");
                err.flush();
                asked = false;
            }
        });
    }
}
