package satin.runtime.node.report;

/**
 * One node's statistics for a run, sent to the master after the run and printed there (see the module README
 * for what each one means). Times are in nanoseconds.
 */
public record NodeReport(String node, String cluster, long workers, long spawns, long inlined, long jobsExecuted,
                         long localStealAttempts, long localSteals,
                         long intraClusterStealAttempts, long intraClusterSteals,
                         long interClusterStealAttempts, long interClusterSteals, long jobsExported,
                         long intraClusterMessages, long intraClusterBytes,
                         long interClusterMessages, long interClusterBytes,
                         long runNanos, long idleNanos, long stealWaitNanos, long processCpuNanos,
                         long jobsAborted, long sharedObjects, long sharedWrites, long sharedApplied,
                         long wastedNanos) {

    /** Field-wise sum, named "total"; run time is the longest of the two. */
    public NodeReport plus(NodeReport o) {
        return new NodeReport("total", "", workers + o.workers, spawns + o.spawns, inlined + o.inlined,
                jobsExecuted + o.jobsExecuted, localStealAttempts + o.localStealAttempts, localSteals + o.localSteals,
                intraClusterStealAttempts + o.intraClusterStealAttempts, intraClusterSteals + o.intraClusterSteals,
                interClusterStealAttempts + o.interClusterStealAttempts, interClusterSteals + o.interClusterSteals,
                jobsExported + o.jobsExported, intraClusterMessages + o.intraClusterMessages,
                intraClusterBytes + o.intraClusterBytes, interClusterMessages + o.interClusterMessages,
                interClusterBytes + o.interClusterBytes, Math.max(runNanos, o.runNanos), idleNanos + o.idleNanos,
                stealWaitNanos + o.stealWaitNanos, processCpuNanos + o.processCpuNanos, jobsAborted + o.jobsAborted,
                sharedObjects + o.sharedObjects, sharedWrites + o.sharedWrites, sharedApplied + o.sharedApplied,
                wastedNanos + o.wastedNanos);
    }

    /** Nothing counted yet: the start of a sum. */
    public static NodeReport zero() {
        return new NodeReport("total", "", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
