package satin.runtime.node.sim;

import satin.contract.InvocationRecord;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.spawn.LocalWork;
import satin.runtime.spawn.SalvagedLookup;

/**
 * A simulated node's worker as the real stealing sees it ({@link LocalWork}, which {@code WorkerPool} is for a real
 * node): jobs for thieves, outcomes of exported jobs, jobs taken back from a dead thief. Follows {@code WorkerPool}'s
 * decisions: a thief that is idle gets a requeued job first, else the oldest queued one; a job taken back looks its
 * own identity up first and waits for an orphan that computes it.
 */
final class SimPool implements LocalWork {

    private final SimNode node;
    private final SalvagedResults salvaged;

    SimPool(SimNode node, SalvagedResults salvaged) {
        this.node = node;
        this.salvaged = salvaged;
    }

    @Override
    public int size() {
        return 1;
    }

    @Override
    public InvocationRecord stealForExport(boolean thiefIdle) {
        return node.takeQueued(thiefIdle);
    }

    @Override
    public void completeExported(InvocationRecord record, Object result, Throwable failure) {
        if (failure != null) {
            node.violation(record + " completed with " + failure + ": the simulated tree throws nothing");
            return;
        }
        node.complete((SumJob) record, (Long) result);
        node.wake();
    }

    @Override
    public void abortForeign(InvocationRecord record) {
        node.violation(record + " aborted: the simulated tree aborts nothing");
    }

    @Override
    public void externalWorkArrived() {
        node.wake();
    }

    @Override
    public boolean takeBack(InvocationRecord record) {
        SalvagedLookup.Known known = salvaged.claim(salvaged.identity(record), record);
        if (known == SalvagedLookup.PENDING) {
            return false; // completed by the table, or handed back to be taken back again, when its orphan ends
        }
        if (known != null) {
            completeExported(record, known.result(), known.failure());
            return false;
        }
        node.requeue((SumJob) record);
        return true;
    }
}
