package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
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
import satin.runtime.spawn.SalvagedLookup;
import satin.runtime.spawn.WorkerPool;

/**
 * A re-execution of lost work that reaches a thief before another node's ORPHANS of the same death. The owner releases
 * its requeued jobs once every live node's ORPHANS reached the owner; nothing orders those announcements before the
 * owner's STEAL_REPLY at the thief, which comes on another link. Queued at once, the re-execution found the table
 * here empty and ran the orphan's call again instead of waiting for it: the multi-JVM orphan test ({@code --kill
 * node1@10j+1t}) once saw its orphan, on node3, salvaged, and node2's re-execution of the job node0 requeued (1,757 ms
 * of work) reuse nothing and wait for nothing. Here node 2 is the thief, node 1 the dead node, node 0 the owner that
 * releases the re-execution, node 3 the node running the orphan; the messages arrive in the order each test names,
 * and the rounds run on a clock of the test's.
 */
class ReExecutionWaitsForTheRoundHereTest {

    /** A job whose thief never runs it here: only its identity, its arrival and the table matter. */
    public static final class Job extends StealWire.LocalJob {
        int size;

        Job(int size) {
            this.size = size;
        }

        @Override
        protected void execute() {
        }
    }

    private static final long ROUND_MILLIS = 2_000;

    private final AtomicLong clock = new AtomicLong();
    private final PoolView view = new PoolView();
    private final SalvagedResults salvaged = new SalvagedResults();
    private final CrashRecovery crashes;
    private final RemoteStealing remote;
    private final WorkerPool pool;
    /** The call node 3 stole from node 1 and still runs: the orphan the re-execution spawns again. */
    private final long orphan = ArgumentDigest.of(new Job(5));
    /** Node 1's lost work, which node 0 requeued and node 2 steals. */
    private final Job reExecution = new Job(9);

    ReExecutionWaitsForTheRoundHereTest() {
        for (int n = 0; n < 4; n++) {
            view.learn(n, null);
            view.ready(n);
        }
        crashes = new CrashRecovery(2, view, salvaged, ROUND_MILLIS, old -> { }, clock::get);
        Link.Transport drop = (peer, message, onUnwritten, written) -> { };
        remote = new RemoteStealing(2, n -> false, drop, 60_000, t -> { },
                new UnshippableJobs("node 2", getClass().getClassLoader()), null, crashes, clock::get);
        crashes.attach(remote);
        pool = new WorkerPool("node2", 1, 2, remote, null, null, salvaged); // not started: polled by the test
        remote.attach(null, pool);
    }

    @AfterEach
    void stop() {
        pool.shutdown();
    }

    private void ownerReplies(boolean reExecutes) {
        remote.onStealReply(new Message.StealReply(0, 7, true, new ShippedJob(reExecution, 42, reExecutes)));
    }

    /** What a worker here finds when it looks for a job from another node. */
    private Object polled() {
        return remote.poll(0);
    }

    private void assertTheLookupWaitsForTheOrphan() {
        assertTrue(salvaged.active(), "the re-execution looks its spawns up");
        assertSame(SalvagedLookup.PENDING, salvaged.claim(orphan, new Job(5)),
                "its spawn of the orphan's call waits for node 3's result");
    }

    @Test
    void aReExecutionArrivingBeforeAnotherNodesOrphansWaitsForThem() {
        crashes.nodeGone(1, new Observation.RegistryDied());
        crashes.onOrphans(0, 1, new long[0]); // the owner's, on the link its reply comes by: before it
        ownerReplies(true);
        assertFalse(salvaged.active(), "node 3's orphan is not known here yet");
        assertNull(polled(), "a worker here would run the re-execution with nothing to look up");
        assertTrue(remote.holds(0, 42), "the job is here all the same (an ABORT finds it, its owner's death too)");

        crashes.onOrphans(3, 1, new long[] {orphan});
        assertSame(reExecution, polled(), "every live node announced its orphans here: the job goes to the workers");
        assertTheLookupWaitsForTheOrphan();
    }

    @Test
    void aReExecutionArrivingBeforeThisNodeLearnedOfTheDeathWaitsForItsOwnRoundToo() {
        crashes.onOrphans(0, 1, new long[0]);
        ownerReplies(true);
        crashes.onOrphans(3, 1, new long[] {orphan});
        assertNull(polled(), "this node has not announced its own orphans of node 1 yet");

        crashes.nodeGone(1, new Observation.RegistryDied());
        assertSame(reExecution, polled());
        assertTheLookupWaitsForTheOrphan();
    }

    @Test
    void aHeldReExecutionWaitsOneRoundAtMostWhenThisNodeNeverLearnsOfTheDeath() {
        crashes.onOrphans(0, 1, new long[0]); // node 0 alone saw node 1 die (a false detection, say)
        ownerReplies(true);
        assertNull(polled());
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(ROUND_MILLIS));
        assertNull(polled(), "one round's time has not passed");
        clock.addAndGet(1);
        assertSame(reExecution, polled(), "held no longer than a round waits for its announcements");
    }

    @Test
    void aReExecutionArrivingAfterTheRoundEndedHereIsQueuedAtOnce() {
        crashes.nodeGone(1, new Observation.RegistryDied());
        crashes.onOrphans(0, 1, new long[0]);
        crashes.onOrphans(3, 1, new long[] {orphan});
        ownerReplies(true);
        assertSame(reExecution, polled());
        assertTheLookupWaitsForTheOrphan();
    }

    @Test
    void aJobThatIsNoReExecutionIsNeverHeld() {
        crashes.nodeGone(1, new Observation.RegistryDied());
        crashes.onOrphans(0, 1, new long[0]);
        ownerReplies(false);
        assertSame(reExecution, polled(), "it looks nothing up: nothing to wait for");
        assertEquals(0, salvaged.reused());
    }
}
