package satin.runtime.node;

import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEventHandler;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;

/**
 * The registry's events for one node. They arrive on the registry's one dispatcher thread, which must never wait for
 * another node's progress and touches none of the node's protocol state: joins, deaths, leaves and the pool's end are
 * posted to the node's protocol loop, in the registry's order, where a join is learned and welcomed (on a thread of
 * its own), a death or a leave is an observation for crash recovery (which only records and queues); a signal pauses or resumes steal requests, the pool's end or the
 * registry's loss for good ends the run unless it is over here already ({@link RunPhase#isOver}); an outage of the
 * registry while the IPL gets it back is ridden out ({@link RegistryOutage}).
 */
final class RegistryEvents implements RegistryEventHandler {

    private final NodeRun run;
    private final Welcomes welcomes;
    /** Told of every loss, so that waits for a node that is gone now return (DONE inquiry, statistics, leave). */
    private final Runnable onLoss;

    RegistryEvents(NodeRun run, Welcomes welcomes, Runnable onLoss) {
        this.run = run;
        this.welcomes = welcomes;
        this.onLoss = onLoss;
    }

    @Override
    public void gotSignal(String signal, NodeIdentifier source) {
        PauseSignals.received(run, signal);
    }

    @Override
    public void joined(NodeIdentifier node) {
        run.loop.post(() -> {
            run.membership.learn(node);
            welcomes.joined(PoolView.numberOf(node));
        });
    }

    @Override
    public void died(NodeIdentifier node) {
        lost(node, new Observation.RegistryDied(), "node " + node.location() + " died");
    }

    @Override
    public void left(NodeIdentifier node) {
        lost(node, new Observation.RegistryLeft(), "node " + node.location() + " left before the run ended");
    }

    private void lost(NodeIdentifier node, Observation how, String failure) {
        run.loop.post(() -> lostOnLoop(node, how, failure));
    }

    private void lostOnLoop(NodeIdentifier node, Observation how, String failure) {
        CrashRecovery crashes = run.recovery();
        int number = PoolView.numberOf(node);
        NodeIdentifier known = run.membership.get(number);
        int index = known != null && known.sameAs(node) ? number : -1;
        if (crashes != null && index >= 0) {
            crashes.nodeGone(index, how);
            onLoss.run();
        } else if (!run.phase.isOver()) {
            run.fail(null, failure);
        }
    }

    @Override
    public void poolTerminated(NodeIdentifier source) {
        run.loop.post(() -> terminated(source));
    }

    private void terminated(NodeIdentifier source) {
        if (!run.phase.isOver() && run.joinRunning() && !run.takeOver.isDone()) {
            // a joiner that the master had not welcomed yet when it ended the run: the run is over, not failed
            run.phase.moveTo(RunPhase.OVER);
            run.stopRecovery();
            run.finished.complete(null);
            return;
        }
        if (!run.phase.isOver()) {
            run.fail(null, "the pool was terminated by " + (source == null ? "?" : source.location())
                    + " before the run ended (a failure there)");
        }
    }

    @Override
    public void registryUnavailable(Throwable cause) {
        run.outage.began(cause);
    }

    @Override
    public void registryRestored() {
        run.outage.ended();
    }

    @Override
    public void registryLost(Throwable cause) {
        if (!run.phase.isOver()) {
            boolean survives = run.recovery() != null;
            run.fail(cause, !survives ? "lost the registry" : "lost the registry for longer than the detection "
                    + "time, so the pool has declared this node dead and recovers its work: it stops here and sends "
                    + "nothing more to the run (fenced; it may join again as a new node with --join)", survives);
        }
    }
}
