package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.ArgumentDigest;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.steal.Link;
import satin.runtime.node.steal.UnshippableJobs;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.ShippedJob;
import satin.runtime.spawn.WorkerPool;

/**
 * A job whose owner died while the STEAL_REPLY carrying it was on its way is an orphan too, though it arrives after
 * the thief announced the orphans of that death (the registry's event, or another path, can overtake the dead
 * node's last message). Unannounced, the re-execution of the owner's lost work neither waited for it nor found its
 * result: the multi-JVM orphan test ({@code --kill node1@10j+1t}, which kills a node right after such a reply is
 * written) saw 1 orphan, 1 salvaged and 0 reused in 1 of 54 rounds. Here node 0 is the thief, node 1 the victim
 * that dies, node 2 a survivor; the transport keeps what node 0 sends.
 */
class LateOrphanTest {

    /** A job whose thief never runs it here: only its identity and announcement matter. */
    public static final class Job extends StealWire.LocalJob {
        int size = 12;

        @Override
        protected void execute() {
        }
    }

    private record Sent(int peer, Message message) {
    }

    private final List<Sent> sent = new ArrayList<>();
    private final PoolView view = new PoolView();
    private final SalvagedResults salvaged = new SalvagedResults();
    private final CrashRecovery crashes;
    private final RemoteStealing remote;
    private final WorkerPool pool;

    LateOrphanTest() {
        for (int n = 0; n < 3; n++) {
            view.learn(n, null);
            view.ready(n);
        }
        crashes = new CrashRecovery(0, view, salvaged, 60_000, old -> { });
        Link.Transport keep = (peer, message, onUnwritten, written) -> sent.add(new Sent(peer, message));
        remote = new RemoteStealing(0, n -> false, keep, 60_000, t -> { },
                new UnshippableJobs("node 0", getClass().getClassLoader()), null, crashes, System::nanoTime);
        crashes.attach(remote);
        pool = new WorkerPool("node0", 1, 2, remote, null, null, salvaged); // not started: the job stays queued
        remote.attach(null, pool);
    }

    private List<Message.Orphans> orphansTo(int peer) {
        return sent.stream().filter(s -> s.peer() == peer && s.message() instanceof Message.Orphans)
                .map(s -> (Message.Orphans) s.message()).toList();
    }

    @Test
    void aJobArrivingFromANodeAlreadyDeadHereIsAnnouncedAsItsOrphan() {
        crashes.nodeGone(1, new Observation.RegistryDied());
        List<Message.Orphans> atDeath = orphansTo(2);
        assertEquals(1, atDeath.size(), "the death's announcement: " + sent);
        assertArrayEquals(new long[0], atDeath.get(0).keys(), "nothing from node 1 was here yet");
        assertFalse(salvaged.active(), "no orphan known yet");

        Job job = new Job();
        long key = ArgumentDigest.of(job);
        remote.onStealReply(new Message.StealReply(1, 7, true, new ShippedJob(job, 42, false)));

        List<Message.Orphans> after = orphansTo(2);
        assertEquals(2, after.size(), "the late orphan is announced to the survivors: " + sent);
        assertEquals(1, after.get(1).dead());
        assertArrayEquals(new long[] {key}, after.get(1).keys());
        assertTrue(salvaged.active(), "the re-execution here looks up its spawns: it waits for this orphan");
        assertTrue(remote.holds(1, 42), "and the job still runs here");
        pool.shutdown();
    }

    @Test
    void aJobArrivingFromALiveNodeIsNoOrphan() {
        remote.onStealReply(new Message.StealReply(1, 7, true, new ShippedJob(new Job(), 42, false)));
        assertTrue(orphansTo(2).isEmpty(), "nothing announced: " + sent);
        assertFalse(salvaged.active());
        pool.shutdown();
    }
}
