package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import satin.contract.InvocationRecord;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.steal.Link;
import satin.runtime.node.steal.UnshippableJobs;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.spawn.WorkerPool;

/**
 * A job counts as held by its thief ({@link RemoteStealing#exportedCount}, what {@code --kill node1@10j+1t} waits
 * for) only once the STEAL_REPLY carrying it has been written, not when the steal request was answered: the reply
 * waits in the thief's outbox for the peer's writer, and a node halted in between leaves no orphan anywhere (the
 * multi-JVM orphan test then saw 0 orphans, 0 salvaged). Here the transport holds every message, so the test decides
 * when the writer reports the write.
 */
class HeldOnceWrittenTest {

    /** A job whose thief never runs it here: only the counting matters. */
    public static final class Job extends StealWire.LocalJob {
        @Override
        protected void execute() {
        }
    }

    /** A message the held transport took, with the writer's report of its write (null: none asked for). */
    private record Queued(int peer, Message message, LongConsumer written) {
    }

    private final List<Queued> queued = new ArrayList<>();
    private final PoolView view = new PoolView();
    private final SalvagedResults salvaged = new SalvagedResults();
    private final CrashRecovery crashes;
    private final RemoteStealing remote;
    private final WorkerPool pool;

    HeldOnceWrittenTest() {
        view.learn(0, null);
        view.learn(1, null);
        view.ready(1);
        crashes = new CrashRecovery(0, view, salvaged, 60_000, old -> { });
        Link.Transport held = (peer, message, onUnwritten, written) -> queued.add(new Queued(peer, message, written));
        remote = new RemoteStealing(0, n -> false, held, 60_000, t -> { },
                new UnshippableJobs("node 0", getClass().getClassLoader()), null, crashes, System::nanoTime);
        crashes.attach(remote);
        pool = new WorkerPool("node0", 1, 2, remote, null, null, salvaged); // not started: the queued job stays
        remote.attach(null, pool);
    }

    /** Node 1 asks node 0 for work and gets {@code job}: the reply the transport holds. */
    private Queued answered(InvocationRecord job) throws Exception {
        pool.requeue(job);
        remote.onStealRequest(new Message.StealRequest(1, 7, true, -1, false));
        Queued reply = queued.stream().filter(q -> q.message() instanceof Message.StealReply r && r.job() != null)
                .findFirst().orElseThrow(() -> new AssertionError("node 0 gave no job: " + queued));
        assertEquals(1, reply.peer());
        return reply;
    }

    @Test
    void aJobAnsweredButNotYetWrittenIsNotHeld() throws Exception {
        Queued reply = answered(new Job());
        assertEquals(0, remote.exportedCount(), "answered, the reply not written: no thief holds the job yet");
        assertNotNull(reply.written(), "the writer reports the reply's write");
        reply.written().accept(64);
        assertEquals(1, remote.exportedCount(), "written: node 1 holds the job");
        long jobId = ((Message.StealReply) reply.message()).job().jobId();
        remote.onResult(new Message.Result(1, jobId, new Outcome.Value(null)));
        assertEquals(0, remote.exportedCount(), "its result came back: held no more");
        pool.shutdown();
    }

    @Test
    void aReplyWrittenAfterItsThiefWasDeclaredDeadDoesNotCount() throws Exception {
        Queued reply = answered(new Job());
        crashes.nodeGone(1, new Observation.RegistryDied()); // recovery claims the export before the write
        assertNotNull(reply.written(), "the writer reports the reply's write");
        reply.written().accept(64);
        assertEquals(0, remote.exportedCount(), "the export was claimed: a late write report marks nothing");
        pool.shutdown();
    }
}
