package satin.simulator.protocol;

import satin.contract.InvocationRecord;
import satin.simulator.workload.SimJob;

/**
 * A simulated job as the runtime's stealing sees it: the invocation record a victim exports, a STEAL_REPLY carries, a
 * relay passes on and a RESULT completes. Made when a job leaves its node (so the jobs that never move, nearly all of
 * them, stay plain {@link SimJob}s). The simulation's messages are never written to bytes (their sizes are the
 * workload's: {@link SimJob#paramBytes}, {@link SimJob#resultBytes}), but every STEAL_REPLY gives its thief a record
 * of its own, as the wire does: the ledgers know records by identity, and a job relayed back through a node it passed
 * before must be a new record there.
 *
 * <p>Its "result" is the job itself: the RESULT message's outcome then names the job whose result bytes it carries.
 */
final class CarriedJob extends InvocationRecord {

    final SimJob job;

    CarriedJob(SimJob job) {
        this.job = job;
    }

    @Override
    protected void execute() {
        throw new UnsupportedOperationException("a simulated job is run by its simulated node, not called");
    }

    @Override
    public Object boxedResult() {
        return job;
    }

    @Override
    public void boxedResult(Object value) {
        // a relay sets the outcome it passes on: the job itself again
    }
}
