package satin.runtime.node.report;

/**
 * What one node did about crashes of other nodes during a run (times in nanoseconds); see the module README.
 *
 * @param requeued         jobs this node took back from dead thieves (or from dead holders of orphans) and ran again
 * @param reExecutionNanos time the re-executed jobs took on the worker that ran them
 * @param lostWorkNanos    how long dead thieves had held the jobs taken back: the work their crash lost, at most
 * @param salvaged         orphans that ran here and whose results were kept (their owner was gone)
 * @param reused           spawns of re-executions here that used a salvaged result instead of running
 * @param reusedWorkNanos  the time those results had taken where they ran: work saved
 * @param waited           of {@code reused}, spawns that waited for an orphan still running elsewhere
 * @param salvagedWorkNanos the time the {@code salvaged} jobs ran here: the salvaged work, which {@code
 *                         reusedWorkNanos} (summed over all nodes) saves part of
 * @param orphans          of {@code salvaged}, the jobs that still ran here when this node learned of their owner's
 *                         death (the others had sent their results to the owner before; some of those belong to jobs
 *                         the owner had finished, so nobody asks for them again)
 * @param lateWorkNanos    the work of salvaged results stored here after a re-execution here had looked them up,
 *                         found nothing and run the call itself: with {@code reusedWorkNanos}, the orphans' work the
 *                         re-executions needed (saved, or done again because it came too late)
 * @param orphanWorkNanos  the work of the {@code orphans} here: jobs that still ran when their owner was found dead
 * @param reusedOrphanWorkNanos of {@code reusedWorkNanos}, the work of such orphans (announced while running): with
 *                         {@code orphanWorkNanos} summed over the nodes, the share of the orphans' work saved
 * @param keptDropped      results this node had sent to their owners and gave up keeping for their owners' crash
 *                         (the bound on kept results bit: {@code KeptResults}); an owner that dies after that has
 *                         their work done again instead of reused
 * @param keptDroppedBytes the size of the RESULT messages of {@code keptDropped}
 */
public record NodeFaults(String node, long requeued, long reExecutionNanos, long lostWorkNanos, long salvaged,
                         long reused, long reusedWorkNanos, long waited, long salvagedWorkNanos, long orphans,
                         long lateWorkNanos, long orphanWorkNanos, long reusedOrphanWorkNanos, long keptDropped,
                         long keptDroppedBytes) {

    /** The figures of a node that saw no crash. */
    public static NodeFaults none(String node) {
        return new NodeFaults(node, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** Field-wise sum, named "total". */
    public NodeFaults plus(NodeFaults o) {
        return new NodeFaults("total", requeued + o.requeued, reExecutionNanos + o.reExecutionNanos,
                lostWorkNanos + o.lostWorkNanos, salvaged + o.salvaged, reused + o.reused,
                reusedWorkNanos + o.reusedWorkNanos, waited + o.waited, salvagedWorkNanos + o.salvagedWorkNanos,
                orphans + o.orphans, lateWorkNanos + o.lateWorkNanos, orphanWorkNanos + o.orphanWorkNanos,
                reusedOrphanWorkNanos + o.reusedOrphanWorkNanos, keptDropped + o.keptDropped,
                keptDroppedBytes + o.keptDroppedBytes);
    }
}
