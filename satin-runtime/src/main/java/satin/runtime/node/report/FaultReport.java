package satin.runtime.node.report;

import java.util.List;

/**
 * Crashes during a run and what the nodes did about them: which nodes were lost and when the live nodes learned it,
 * and every reporting node's {@link NodeFaults}. Plain values, printed by the command line.
 *
 * @param faultTolerant whether the run survived crashes (false: the first lost node ended it)
 * @param lost          nodes lost during the run, in the order they were first detected
 * @param nodes         per reporting node (the live ones at the end, and those that left gracefully)
 * @param left          nodes that left the run gracefully (nothing of theirs was run again), by location
 * @param master        the node that ran {@code main} to its end (another than the first master when it died)
 * @param joined        nodes that joined the running pool (after it had its first {@code --nodes} members), by location
 * @param detectionMillis the detection time of the run (the registry's heartbeat timeout), or 0 when not known
 */
public record FaultReport(boolean faultTolerant, List<Loss> lost, List<NodeFaults> nodes, List<String> left,
                          String master, List<String> joined, long detectionMillis) {

    /**
     * A lost node: the first and the last time (epoch milliseconds) a live node learned it was gone.
     */
    public record Loss(String node, long firstDetectedMillis, long lastDetectedMillis) {
    }

    public FaultReport {
        lost = List.copyOf(lost);
        nodes = List.copyOf(nodes);
        left = List.copyOf(left);
        joined = List.copyOf(joined);
    }

    /** A report of a run that nobody joined, its detection time not given. */
    public FaultReport(boolean faultTolerant, List<Loss> lost, List<NodeFaults> nodes, List<String> left,
            String master) {
        this(faultTolerant, lost, nodes, left, master, List.of(), 0);
    }

    /** A report without graceful leaves, the master unnamed. */
    public FaultReport(boolean faultTolerant, List<Loss> lost, List<NodeFaults> nodes) {
        this(faultTolerant, lost, nodes, List.of(), "");
    }

    /** No crash handling (a run without fault tolerance, or a report from before it existed). */
    public static FaultReport none() {
        return new FaultReport(false, List.of(), List.of());
    }

    public NodeFaults total() {
        NodeFaults t = NodeFaults.none("total");
        for (NodeFaults n : nodes) {
            t = t.plus(n);
        }
        return t;
    }
}
