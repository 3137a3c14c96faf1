package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.ClusterMap;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.wire.ShippedJob;
import satin.runtime.node.steal.UnshippableJobs;

/**
 * Issue 30, defect 2: the registry's one dispatcher thread ran the recovery of a death, whose SALVAGE (up to 4,096 per
 * peer) and ORPHANS messages to every live peer waited for flow-control credit; with one live peer frozen, the
 * dispatcher waited for that peer's progress and could not deliver the next death (the frozen peer's own, which would
 * have ended the wait). Here node 0 ran 200 jobs for node 2 and sent their results (kept for salvage), node 1 is
 * frozen, and node 2 dies: the dispatcher must return from the death at once, and node 1 gets every SALVAGE once it
 * takes messages again. On main of commit ba9e819 the dispatcher waited for node 1.
 */
@Timeout(120)
class RegistryThreadNeverWaitsTest {

    private static final int JOBS = 200; // 200 SALVAGE of about 60 bytes: several windows of FrozenPeer.WINDOW

    @Test
    void aDeathIsRecoveredWithoutWaitingForAFrozenPeer() throws Exception {
        try (FrozenPeer frozen = new FrozenPeer();
                // node 2 is played by node 1's process over a link of its own (its own credit): a node that ran
                // jobs here and then dies; node 1 is the live peer that freezes
                Peers peers = new Peers(frozen.pair.node(0), SatinNode.PORT_TYPE,
                        n -> frozen.pair.members.get(n == 2 ? 1 : n), 60_000, null, StealWire.CODEC)) {
            peers.connectAll(0, java.util.List.of(1, 2));
            PoolView view = new PoolView();
            for (int i = 0; i < 3; i++) {
                view.learn(i, null);
            }
            view.ready(1);
            view.ready(2);
            CrashRecovery crashes = new CrashRecovery(0, view, new SalvagedResults(), 60_000, old -> { });
            RemoteStealing remote = new RemoteStealing(0, new ClusterMap(new int[] {0, 0, 0}), peers, 60_000,
                    t -> { }, new UnshippableJobs("node 0", getClass().getClassLoader()), null, crashes);
            crashes.attach(remote);
            for (int i = 0; i < JOBS; i++) { // a job of node 2 runs here and its result goes back (and is kept)
                remote.onStealReply(new Message.StealReply(2, i, true,
                        new ShippedJob(new SyncStopsWaitingForStealTest.Doubling(i), i, false)));
                remote.finished(remote.poll(0), null);
            }
            assertTrue(frozen.awaitArrived(RESULT, JOBS));
            frozen.freeze(peers);

            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread dispatcher = new Thread(() -> {
                try {
                    crashes.nodeGone(2, new Observation.RegistryDied());
                } catch (RuntimeException e) {
                    failure.set(e);
                }
            }, "registry-dispatcher");
            dispatcher.setDaemon(true);
            dispatcher.start();
            boolean returned = FrozenPeer.ended(dispatcher, 10);
            frozen.thaw();
            assertTrue(frozen.awaitArrived(SALVAGE, JOBS), "every SALVAGE reaches node 1 once it takes messages");
            assertTrue(frozen.awaitArrived(ORPHANS, 1));
            assertTrue(returned, "the registry's dispatcher waited for a frozen peer's credit");
            assertTrue(failure.get() == null, () -> "recovery failed: " + failure.get());
        }
    }

    private static final byte RESULT = Codec.tagOf(new Message.Result(0, 0, new Outcome.Value(null)));
    private static final byte SALVAGE = Codec.tagOf(new Message.Salvage(0, 0, 0, new Outcome.Value(null)));
    private static final byte ORPHANS = Codec.tagOf(new Message.Orphans(0, 0, new long[0]));
}
