package satin.runtime.node;

import java.util.List;
import satin.ipl.CommunicationStatistics;
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

    /** The numeric fields in declaration order, for the wire. */
    long[] numbers() {
        return new long[] {workers, spawns, inlined, jobsExecuted, localStealAttempts, localSteals,
                intraClusterStealAttempts, intraClusterSteals, interClusterStealAttempts, interClusterSteals,
                jobsExported, intraClusterMessages, intraClusterBytes, interClusterMessages, interClusterBytes,
                runNanos, idleNanos, stealWaitNanos, processCpuNanos, jobsAborted, sharedObjects, sharedWrites,
                sharedApplied, wastedNanos};
    }

    static NodeReport of(String node, String cluster, long[] n) {
        if (n.length != FIELDS) {
            throw new IllegalArgumentException("a node report has " + FIELDS + " numbers, got " + n.length);
        }
        return new NodeReport(node, cluster, n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9], n[10],
                n[11], n[12], n[13], n[14], n[15], n[16], n[17], n[18], n[19], n[20], n[21], n[22], n[23]);
    }

    static NodeReport collect(String node, String cluster, List<WorkerStatistics> workers, RemoteStealing stealing,
            SharedReplication shared, CommunicationStatistics traffic, long runNanos, long cpuNanos) {
        WorkerStatistics w = WorkerStatistics.zero();
        for (WorkerStatistics s : workers) {
            w = w.plus(s);
        }
        return new NodeReport(node, cluster, workers.size(), w.spawns(), w.spawnsInlined(), w.jobsExecuted(),
                w.stealAttempts(), w.steals(),
                stealing.intraAttempts.sum(), stealing.intraSuccesses.sum(),
                stealing.interAttempts.sum(), stealing.interSuccesses.sum(), stealing.jobsExported.sum(),
                traffic.intraClusterMessages(), traffic.intraClusterBytes(),
                traffic.interClusterMessages(), traffic.interClusterBytes(),
                runNanos, w.idleNanos(), stealing.stealWaitNanos.sum(), cpuNanos, w.jobsAborted(),
                shared == null ? 0 : shared.objectsCreated(), shared == null ? 0 : shared.writesIssued.sum(),
                shared == null ? 0 : shared.writesApplied.sum(), w.wastedNanos());
    }

    /** Field-wise sum, named "total"; run time is the longest of the two. */
    NodeReport plus(NodeReport o) {
        long[] a = numbers();
        long[] b = o.numbers();
        long[] sum = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            sum[i] = a[i] + b[i];
        }
        sum[15] = Math.max(a[15], b[15]);
        return of("total", "", sum);
    }

    static NodeReport zero() {
        return of("total", "", new long[FIELDS]);
    }

    private static final int FIELDS = 24;

    /** CPU time of this whole JVM so far (all threads), or 0 where the platform does not tell. */
    static long cpuNow() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
