package satin.cli.run;

import satin.runtime.node.report.NodeProgress;

/**
 * How a node JVM started by {@code satin run --nodes N} (or {@code --hosts}) reports its progress to the launcher:
 * one line on its standard error, which the launcher reads anyway to relay the node's messages. The cheapest channel
 * there is: no connection, no registry message, nothing on an I/O thread of the IPL; a line of about 80 bytes per
 * node every half second. The launcher takes these lines out of the relayed output ({@link #parse}).
 *
 * <p>Format: {@value #PREFIX} followed by tab-separated node, cluster, jobs, local, intra-cluster and wide-area
 * steals, workers, worker time and busy time (ns).
 */
final class ProgressWire {
    static final String PREFIX = "satin-progress\t";

    private ProgressWire() {
    }

    record Report(String node, String cluster, NodeProgress progress) {
    }

    static String format(String node, String cluster, NodeProgress p) {
        return PREFIX + node + '\t' + cluster + '\t' + p.jobs() + '\t' + p.localSteals() + '\t' + p.intraSteals()
                + '\t' + p.wideSteals() + '\t' + p.workers() + '\t' + p.workerNanos() + '\t' + p.busyNanos();
    }

    /** The report a line carries, or null when it is not a progress line (then it is relayed as it is). */
    static Report parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        String[] f = line.split("\t");
        if (f.length != 10) {
            return null;
        }
        try {
            return new Report(f[1], f[2], new NodeProgress(Long.parseLong(f[3]), Long.parseLong(f[4]),
                    Long.parseLong(f[5]), Long.parseLong(f[6]), Integer.parseInt(f[7]), Long.parseLong(f[8]),
                    Long.parseLong(f[9])));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
