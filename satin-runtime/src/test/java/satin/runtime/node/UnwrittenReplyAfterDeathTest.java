package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.ClusterMap;
import satin.contract.InvocationRecord;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.spawn.WorkerPool;
import satin.runtime.node.steal.UnshippableJobs;

/**
 * Issue 30, defect 4: the STEAL_REPLY's encoder decided again at write time what became of a job that could not be
 * written (its class is not in the serialization list: it runs here instead). When the thief was declared dead
 * between the answer and the write, recovery had taken the job back already, and the encoder then ran it a second
 * time. Here the write waits behind a frozen thief's full credit window, the thief dies meanwhile, and then the write
 * fails: the job must exist here once. Without the ledger rule (whoever removes the export owns the job) it existed
 * twice: requeued by recovery and kept by the encoder.
 */
@Timeout(120)
class UnwrittenReplyAfterDeathTest {

    /** A job whose class is not in the serialization list: it cannot travel. */
    public static final class Unlisted extends StealWire.LocalJob {
        public long argument = 42;

        @Override
        protected void execute() {
        }
    }

    private static final byte FILL = 101;
    private static final byte STEAL_REPLY = Codec.tagOf(new Message.StealReply(0, 0, true, null));

    @Test
    void aJobWhoseThiefDiedBeforeTheWriteIsTakenBackOnce() throws Exception {
        try (FrozenPeer frozen = new FrozenPeer(); Peers peers = StealWire.peers(frozen.pair, 0)) {
            peers.connectAll(0);
            PoolView view = new PoolView();
            view.learn(0, null);
            view.learn(1, null);
            view.ready(1);
            SalvagedResults salvaged = new SalvagedResults();
            CrashRecovery crashes = new CrashRecovery(0, view, salvaged, 60_000, old -> { });
            RemoteStealing remote = new RemoteStealing(0, new ClusterMap(new int[] {0, 0}), peers, 60_000,
                    t -> { }, new UnshippableJobs("node 0", getClass().getClassLoader()), null, crashes);
            crashes.attach(remote);
            WorkerPool pool = new WorkerPool("node0", 1, 2, remote, null, null, salvaged); // not started: jobs stay
            remote.attach(null, pool);
            InvocationRecord job = new Unlisted();
            pool.requeue(job); // queued here: the next idle thief's steal request takes it

            frozen.freeze(peers);
            for (int i = 0; i < 100; i++) { // several windows: the thief's writer waits for credit
                peers.send(1, FILL, w -> w.writeArray(new byte[300]));
            }
            remote.onStealRequest(new Message.StealRequest(1, 7, true, -1, false)); // answered: the job is exported
            crashes.nodeGone(1, new Observation.RegistryDied()); // the thief dies before the reply is written
            frozen.thaw();
            assertTrue(frozen.awaitArrived(STEAL_REPLY, 1), "the reply (without its job) is written at last");

            int copies = 0;
            for (InvocationRecord r; (r = pool.stealForExport(true)) != null; ) {
                copies += r == job ? 1 : 0;
            }
            for (InvocationRecord r; (r = remote.poll(0)) != null; ) {
                copies += r == job ? 1 : 0;
            }
            assertEquals(1, copies, "the job is taken back once, not run twice");
            pool.shutdown();
        }
    }
}
