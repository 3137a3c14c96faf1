package satin.runtime.node.report;

import java.util.List;
import satin.runtime.spawn.WorkerStatistics;

/**
 * What a node has done so far, read while it runs: for a progress line ({@code satin run --progress}). The figures
 * are racy snapshots of counters the workers and the message handlers keep anyway (nothing is added to their paths
 * but the reads); each is exact once the node's run is over.
 *
 * @param jobs          jobs run by the node's workers
 * @param localSteals   jobs taken from another worker of the same JVM
 * @param intraSteals   jobs stolen from another node of the same cluster
 * @param wideSteals    jobs stolen from a node of another cluster
 * @param workers       worker threads
 * @param workerNanos   the workers' lifetimes summed (busy + idle)
 * @param busyNanos     of that, time not spent looking for work
 */
public record NodeProgress(long jobs, long localSteals, long intraSteals, long wideSteals, int workers,
                           long workerNanos, long busyNanos) {

    /** Before a runtime exists: nothing done, no workers. */
    public static final NodeProgress NONE = new NodeProgress(0, 0, 0, 0, 0, 0, 0);

    /** Sums the workers' snapshots; the remote counters (0 in one JVM) come from the node's stealing layer. */
    public static NodeProgress of(List<WorkerStatistics> workers, long intraSteals, long wideSteals) {
        WorkerStatistics w = WorkerStatistics.zero();
        for (WorkerStatistics s : workers) {
            w = w.plus(s);
        }
        return new NodeProgress(w.jobsExecuted(), w.steals(), intraSteals, wideSteals, workers.size(), w.runNanos(),
                Math.max(0, w.runNanos() - w.idleNanos()));
    }
}
