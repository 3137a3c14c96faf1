package satin.cli.run;

import java.io.PrintWriter;
import satin.runtime.node.SatinNode;

/**
 * A node JVM's side of the progress line ({@code --progress-report}, passed by the launcher when it shows one):
 * every half second, and once more when the node's run is over, the node's figures as a {@link ProgressWire} line
 * on standard error, from a thread of its own.
 */
final class ProgressReports implements AutoCloseable {
    private static final long PERIOD_MILLIS = 500;
    private final PrintWriter err;
    private final String node;
    private final String cluster;
    private volatile SatinNode watched;
    private final ProgressTicker ticker;

    ProgressReports(PrintWriter err, String node, String cluster) {
        this.err = err;
        this.node = node;
        this.cluster = cluster;
        this.ticker = new ProgressTicker(this::report, PERIOD_MILLIS, PERIOD_MILLIS);
    }

    /** The node to report on, once it exists (the launch's {@code onNode}). */
    void watch(SatinNode satinNode) {
        this.watched = satinNode;
    }

    private void report() {
        SatinNode n = watched;
        if (n == null) {
            return;
        }
        String line = ProgressWire.format(node, cluster, n.progress());
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }

    /** Stops the reports and sends the final figures. */
    @Override
    public void close() {
        ticker.close();
        report();
    }
}
