package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.contract.InvocationRecord;
import satin.runtime.node.wire.Message;
import satin.contract.Spawns;

/**
 * A worker waiting in {@code sync()} for a stolen record may meanwhile be waiting for the reply to a remote steal
 * request. Once the record completes, the sync must go on without waiting for that reply, and a job the reply
 * brings later must still run.
 *
 * <p>Node 0 is a real {@link RemoteStealing} with a two-worker pool (RS). Node 1 is played by the test over a real
 * IPL node: it answers steal requests with "no job" until it is armed, then holds the next request unanswered.
 * On node 0, a root job spawns J and waits until the other worker has stolen J; J arms node 1 and blocks. The root
 * job's sync then finds J stolen and, with nothing else to do, asks node 1, which holds the request. The test
 * lets J finish: the sync must return while node 1 still holds the request. Then node 1 answers with a job,
 * which must run on node 0 and send its result back.
 */
@Timeout(120)
class SyncStopsWaitingForStealTest {

    /** A stealable job: doubles its argument. Registered for serialization by name. */
    public static final class Doubling extends InvocationRecord {
        public long argument;
        public long result;

        public Doubling() {
        }

        Doubling(long argument) {
            this.argument = argument;
        }

        @Override
        protected void execute() {
            result = 2 * argument;
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Long) value;
        }
    }

    /**
     * A job that tells when it started and runs until released. It never travels: its fields are transient, which
     * also keeps their types out of the registration list computed for other tests' programs from this class path.
     */
    private static final class Blocking extends StealWire.LocalJob {
        final transient CountDownLatch started = new CountDownLatch(1);
        final transient CountDownLatch release = new CountDownLatch(1);
        final transient AtomicBoolean armVictim;

        Blocking(AtomicBoolean armVictim) {
            this.armVictim = armVictim;
        }

        @Override
        protected void execute() throws InterruptedException {
            armVictim.set(true);
            started.countDown();
            release.await(60, TimeUnit.SECONDS);
        }
    }

    /** The root job: spawns J, waits until another worker runs it, syncs, and reports. Never travels. */
    private static final class Root extends StealWire.LocalJob {
        final transient Blocking child;
        final transient CompletableFuture<Void> synced = new CompletableFuture<>();

        Root(Blocking child) {
            this.child = child;
        }

        @Override
        protected void execute() throws InterruptedException {
            InvocationRecord frame = Spawns.spawn(child, null);
            if (!child.started.await(60, TimeUnit.SECONDS)) {
                synced.completeExceptionally(new AssertionError("no other worker stole J"));
                return;
            }
            Spawns.sync(frame);
            synced.complete(null);
        }
    }

    @Test
    void aSyncWhoseRecordCompletedStopsWaitingForAStealReplyAndTheLateJobStillRuns() throws Exception {
        HoldingVictim victim = new HoldingVictim();
        SingleVictimHarness.RealNode node = new SingleVictimHarness.RealNode(new int[] {0, 0}, BalancePolicies.RS, 2)
                .asOnlyThief();
        SingleVictimHarness.run(node, victim, nodes -> {
            Blocking j = new Blocking(victim.armed);
            Root root = new Root(j);
            nodes.pool.submit(root);
            Message.StealRequest request = victim.held.get(60, TimeUnit.SECONDS); // the sync's, unanswered
            j.release.countDown();
            try {
                root.synced.get(20, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("the sync still waits for the steal reply although its record "
                        + "completed", e);
            }
            StealWire.reply(victim.peers, 1, request, new Doubling(21), 77);
            long[] result = victim.result.get(30, TimeUnit.SECONDS);
            assertEquals(77, result[0], "the result names the job id of the reply");
            assertEquals(42, result[1], "the late job ran on node 0");
            nodes.assertNoFailures();
        });
    }
}
