package satin.cli.launch;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import satin.ipl.registry.RegistryServer;

/**
 * A launcher's watch over its running node JVMs: every exit as it happens, what to say about it ({@link RunVerdict}),
 * which nodes the pool goes on without, and when the nodes still running are given their grace and then killed.
 * One thread (the launcher's) runs it; the node exits arrive on {@link NodeStarter}'s queue.
 */
final class NodeSupervision {

    /** How often the launcher asks the registry whether the pool is over while nodes still run. */
    private static final long POOL_CHECK_MILLIS = 500;

    private final LocalLauncher launcher;
    private final PrintWriter err;
    private final RegistryServer server;
    private final NodeStarter starter;
    private final RunVerdict verdict;
    private final int nodes;
    private final String pool;
    private final long grace;
    private final boolean declaredEnds;
    private final boolean remote;
    private final Set<Integer> expendable;
    /** Nodes that ended before the pool closed and that the registry was told to leave out. */
    private final Set<Integer> leftOut = new HashSet<>();

    NodeSupervision(LocalLauncher launcher, PrintWriter err, RegistryServer server, NodeStarter starter,
            RunVerdict verdict) {
        this.launcher = launcher;
        this.err = err;
        this.server = server;
        this.starter = starter;
        this.verdict = verdict;
        this.nodes = launcher.nodes();
        this.pool = launcher.poolName();
        this.grace = launcher.graceMillis();
        this.declaredEnds = launcher.declaresEnds();
        this.remote = launcher.remote() != null;
        this.expendable = launcher.expendable();
    }

    /**
     * Waits for every node, the late ones too, and returns their exit statuses by node index (-1 for a node killed
     * here). Each end goes to {@code verdict}, which says what to print about it. Once the run is decided (or the
     * registry's pool is over while nodes still run), the others get the launcher's grace time to end by
     * themselves before they are killed. Waits on the processes' exit futures, so the launcher learns of an exit at
     * once rather than at the next poll. Once the run is decided, or every first node has ended, late nodes not yet
     * started never start.
     */
    int[] await() throws InterruptedException {
        int n = nodes + launcher.late().size();
        int[] statuses = new int[n];
        java.util.Arrays.fill(statuses, -1);
        boolean[] done = new boolean[n];
        starter.startTimers(() -> pool == null || server.poolClosed(pool));
        long deadline = Long.MAX_VALUE;
        String why = "another node failed";
        int endedCount = 0;
        int firstEnded = 0;
        while (endedCount < starter.started() || !starter.lateSettled()) {
            // Unbounded until the run is decided: the program runs as long as it runs. With declared ends the pool's
            // state is checked now and then, for nodes that will never end by themselves.
            long wait = deadline != Long.MAX_VALUE ? Math.max(0, deadline - System.currentTimeMillis())
                    : declaredEnds && pool != null ? POOL_CHECK_MILLIS : -1;
            Integer i = wait < 0 ? starter.ended.take() : starter.ended.poll(wait, TimeUnit.MILLISECONDS);
            if (i == null) {
                if (deadline == Long.MAX_VALUE) {
                    if (server.poolEnded(pool)) {
                        starter.close();
                        why = "every member had left the pool or was declared dead";
                        deadline = System.currentTimeMillis() + grace;
                    }
                    continue;
                }
                starter.close();
                for (int k = 0; k < n; k++) {
                    Process p = starter.process(k);
                    if (p != null && p.isAlive()) {
                        launcher.say(err, "satin run: " + launcher.name(k) + " did not end " + grace + " ms after "
                                + why + "; killed");
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
            statuses[i] = starter.process(i).exitValue();
            NodeEnd.Kind end = declaredEnds ? starter.endOf(i) : null;
            boolean failed = statuses[i] != 0 || (declaredEnds && (end == null || end == NodeEnd.Kind.FAILED
                    || end == NodeEnd.Kind.EXITED));
            if (i < nodes && failed && pool != null && leftOut.size() < nodes - 1 && !expendable.contains(i)
                    && (remote || declaredEnds) && server.leaveOut(pool)) {
                leftOut.add(i);
                expendable.add(i);
                launcher.say(err, "satin run: going on without " + launcher.name(i) + ": it ended ("
                        + ExitStatus.describe(statuses[i]) + ") before the pool closed");
            }
            for (String line : verdict.ended(i, statuses[i], end, starter.lastLines(i))) {
                launcher.say(err, line);
            }
            if (i < nodes && ++firstEnded == nodes) {
                starter.close(); // every first node ended: nobody joins the run any more
            }
            if (verdict.decided() && deadline == Long.MAX_VALUE) {
                starter.close();
                why = declaredEnds ? "the run ended" : "another node failed";
                deadline = System.currentTimeMillis() + grace;
            }
        }
        for (int k = 0; k < n; k++) {
            if (starter.process(k) == null) {
                statuses[k] = 0; // a late node that never started: the run ended first
            }
        }
        return statuses;
    }
}
