package satin.runtime.node.report;

import java.util.List;

/**
 * The figures of a run in the order the tables and the JSON show them, grouped as the full text report prints
 * them; the one place that names them (see {@link Figure}). A run in one JVM shows the {@link #ONE_JVM} groups per
 * worker under the same names.
 */
public final class Figures {

    private Figures() {
    }

    /** A group of figures printed as one table. */
    public record Group(String title, List<Figure<NodeReport>> figures) {
    }

    /**
     * {@code jobsQueued}: spawns that became jobs others could steal; {@code spawnsInlined}: spawns the runtime was
     * asked about and ran as plain calls. Most spawns of rewritten code are plain calls that never ask the runtime and
     * are counted nowhere (counting them cost a third of Fib's time), so no figure claims to be "the spawns".
     */
    public static final Group JOBS = new Group("jobs", List.of(
            Figure.count("workers", NodeReport::workers),
            Figure.count("jobsQueued", r -> r.spawns() - r.inlined()),
            Figure.count("spawnsInlined", NodeReport::inlined),
            Figure.count("jobsExecuted", NodeReport::jobsExecuted),
            Figure.count("jobsExported", NodeReport::jobsExported),
            Figure.count("jobsAborted", NodeReport::jobsAborted),
            Figure.millis("wastedMs", NodeReport::wastedNanos)));

    public static final Group STEALS = new Group("steals", List.of(
            Figure.count("localStealAttempts", NodeReport::localStealAttempts),
            Figure.count("localSteals", NodeReport::localSteals),
            Figure.count("intraClusterStealAttempts", NodeReport::intraClusterStealAttempts),
            Figure.count("intraClusterSteals", NodeReport::intraClusterSteals),
            Figure.count("interClusterStealAttempts", NodeReport::interClusterStealAttempts),
            Figure.count("interClusterSteals", NodeReport::interClusterSteals)));

    public static final Group MESSAGES = new Group("messages", List.of(
            Figure.count("intraClusterMessages", NodeReport::intraClusterMessages),
            Figure.count("intraClusterBytes", NodeReport::intraClusterBytes),
            Figure.count("interClusterMessages", NodeReport::interClusterMessages),
            Figure.count("interClusterBytes", NodeReport::interClusterBytes)));

    public static final Group TIME = new Group("time", List.of(
            Figure.millis("runMs", NodeReport::runNanos),
            Figure.millis("idleMs", NodeReport::idleNanos),
            Figure.millis("stealWaitMs", NodeReport::stealWaitNanos),
            Figure.millis("cpuMs", NodeReport::processCpuNanos)));

    public static final Group SHARED = new Group("shared objects", List.of(
            Figure.count("sharedObjects", NodeReport::sharedObjects),
            Figure.count("sharedWrites", NodeReport::sharedWrites),
            Figure.count("sharedApplied", NodeReport::sharedApplied)));

    /** Every group of a node's report, in print order. */
    public static final List<Group> NODE = List.of(JOBS, STEALS, MESSAGES, TIME, SHARED);

    /** The figures a worker of one JVM has (the rest are a node's), in print order. */
    public static final List<Figure<NodeReport>> ONE_JVM = List.of(
            find("jobsQueued"), find("spawnsInlined"), find("jobsExecuted"), find("localStealAttempts"),
            find("localSteals"), find("runMs"), find("idleMs"), find("jobsAborted"), find("wastedMs"));

    /** A node's crash figures, in print order. */
    public static final List<Figure<NodeFaults>> FAULTS = List.of(
            Figure.count("requeued", NodeFaults::requeued),
            Figure.millis("reExecutionMs", NodeFaults::reExecutionNanos),
            Figure.millis("lostWorkMs", NodeFaults::lostWorkNanos),
            Figure.count("salvaged", NodeFaults::salvaged),
            Figure.millis("salvagedWorkMs", NodeFaults::salvagedWorkNanos),
            Figure.count("orphans", NodeFaults::orphans),
            Figure.millis("orphanWorkMs", NodeFaults::orphanWorkNanos),
            Figure.count("reused", NodeFaults::reused),
            Figure.millis("reusedWorkMs", NodeFaults::reusedWorkNanos),
            Figure.millis("reusedOrphanWorkMs", NodeFaults::reusedOrphanWorkNanos),
            Figure.count("waited", NodeFaults::waited),
            Figure.millis("lateWorkMs", NodeFaults::lateWorkNanos),
            Figure.count("keptDropped", NodeFaults::keptDropped),
            Figure.count("keptDroppedBytes", NodeFaults::keptDroppedBytes));

    private static Figure<NodeReport> find(String name) {
        for (Group g : List.of(JOBS, STEALS, TIME)) {
            for (Figure<NodeReport> f : g.figures()) {
                if (f.name().equals(name)) {
                    return f;
                }
            }
        }
        throw new IllegalArgumentException(name);
    }
}
