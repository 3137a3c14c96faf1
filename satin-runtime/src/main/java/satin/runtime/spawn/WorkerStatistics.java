package satin.runtime.spawn;

/**
 * What one worker did during a run (or the sum over workers, with {@code worker == -1}).
 *
 * @param worker         index of the worker, or -1 for a total
 * @param spawns         spawns the runtime saw on this worker: queued plus {@code spawnsInlined}; the plain calls of
 *                       rewritten code's fast path, which do not ask the runtime, are not counted (see the
 *                       runtime's README, "What spawns counts")
 * @param spawnsInlined  spawns the runtime was asked about and ran as plain calls because the worker already held
 *                       enough stealable work
 * @param jobsExecuted   queued records executed here (own records at their sync, stolen and external ones)
 * @param stealAttempts  probes of another worker's deque
 * @param steals         probes that returned a job
 * @param runNanos       how long the worker thread lived
 * @param idleNanos      time spent looking for work with nothing to run (idle or waiting in a sync)
 * @param jobsAborted    jobs cancelled by {@code abort()} (or by their spawner leaving by an exception): dropped
 *                       before they ran, or stopped at a spawn or sync while they ran (wasted work)
 * @param wastedNanos    the own wall time of the executed jobs that ended aborted: from start to end, less the jobs
 *                       run inside them and their syncs' searches for work (see {@link Worker}, "Wasted time")
 */
public record WorkerStatistics(int worker, long spawns, long spawnsInlined, long jobsExecuted,
                               long stealAttempts, long steals, long runNanos, long idleNanos, long jobsAborted,
                               long wastedNanos) {

    /** The field-by-field sum of {@code this} and {@code other}, as a total. */
    public WorkerStatistics plus(WorkerStatistics other) {
        return new WorkerStatistics(-1, spawns + other.spawns, spawnsInlined + other.spawnsInlined,
                jobsExecuted + other.jobsExecuted, stealAttempts + other.stealAttempts, steals + other.steals,
                runNanos + other.runNanos, idleNanos + other.idleNanos, jobsAborted + other.jobsAborted,
                wastedNanos + other.wastedNanos);
    }

    /** The zero total. */
    public static WorkerStatistics zero() {
        return new WorkerStatistics(-1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
