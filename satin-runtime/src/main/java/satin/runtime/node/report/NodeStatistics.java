package satin.runtime.node.report;

import java.util.Map;
import java.util.Objects;

/**
 * What a node sends the node that reports the run once its part is over (DONE, or a graceful leave): its
 * {@link NodeReport}, its {@link NodeFaults}, and when it learned of each lost node. The wire form is versioned
 * ({@link #VERSION}): a node reading another version refuses it with a message naming both, rather than misreading
 * positions.
 *
 * @param detectedMillis per lost node (by number), when this node learned it was gone (epoch milliseconds)
 */
public record NodeStatistics(NodeReport report, NodeFaults faults, Map<Integer, Long> detectedMillis) {

    /** The layout of the statistics on the wire; raised whenever a figure is added, removed or reordered. */
    public static final int VERSION = 2;

    public NodeStatistics {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(faults, "faults");
        detectedMillis = Map.copyOf(detectedMillis);
    }
}
