package satin.runtime.node.report;

import java.util.List;
import satin.runtime.spawn.WorkerStatistics;

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

    /**
     * A run in one JVM as one node: its workers summed (the run time is the longest worker's), named {@code node},
     * with nothing sent to other nodes. The summary and the JSON of one JVM read it as a pool of one.
     */
    public static NodeReport ofWorkers(String node, List<WorkerStatistics> workers) {
        NodeReport t = zero();
        for (WorkerStatistics w : workers) {
            t = t.plus(ofWorker(w));
        }
        return new NodeReport(node, "", t.workers, t.spawns, t.inlined, t.jobsExecuted, t.localStealAttempts,
                t.localSteals, 0, 0, 0, 0, 0, 0, 0, 0, 0, t.runNanos, t.idleNanos, 0, 0, t.jobsAborted, 0, 0, 0,
                t.wastedNanos);
    }

    /** One worker as a row of the table: the worker's number as its name, one worker. */
    public static NodeReport ofWorker(WorkerStatistics w) {
        return new NodeReport(Integer.toString(w.worker()), "", 1, w.spawns(), w.spawnsInlined(), w.jobsExecuted(),
                w.stealAttempts(), w.steals(), 0, 0, 0, 0, 0, 0, 0, 0, 0, w.runNanos(), w.idleNanos(), 0, 0,
                w.jobsAborted(), 0, 0, 0, w.wastedNanos());
    }

    /** Nothing counted yet: the start of a sum. */
    public static NodeReport zero() {
        return new NodeReport("total", "", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
