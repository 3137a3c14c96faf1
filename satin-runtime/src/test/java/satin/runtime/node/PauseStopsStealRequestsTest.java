package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.runtime.node.wire.Message;

/**
 * {@code SatinObject.pause()} on a node ({@link RemoteStealing#paused}): its idle worker, which sends steal request
 * after steal request while it has nothing to do, sends none while paused and starts again at the resume.
 *
 * <p>Node 0 is a real {@link RemoteStealing} (RS, one idle worker); node 1, played by the test, answers every request
 * with "no job" and records when it came. The absence of requests while paused is checked over a stretch in which
 * the idle worker, unpaused, had sent at least ten (measured first, in the same run): a pause that failed to stop
 * them fails the test on any machine.
 */
@Timeout(120)
class PauseStopsStealRequestsTest {

    /** Node 1: answers node 0's steal requests with no job and records each one's arrival. */
    private static final class Victim extends PlayedNode {
        final BlockingQueue<Long> requests = new LinkedBlockingQueue<>();

        @Override
        boolean take(Message m) throws IOException {
            if (m instanceof Message.StealRequest request) {
                requests.add(System.nanoTime());
                StealWire.reply(peers, 1, request, null, -1);
                return true;
            }
            return false;
        }

        Long next(long millis) throws InterruptedException {
            return requests.poll(millis, TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void aPausedNodeSendsNoStealRequestUntilItResumes() throws Exception {
        Victim victim = new Victim();
        SingleVictimHarness.run(new SingleVictimHarness.RealNode(new int[] {0, 1}, BalancePolicies.RS, 1), victim,
                nodes -> {
                    Long first = victim.next(60_000);
                    assertNotNull(first, "an idle node asks for work");
                    Long tenth = first;
                    for (int i = 0; i < 9; i++) {
                        tenth = victim.next(60_000);
                        assertNotNull(tenth, "an idle node keeps asking");
                    }
                    long tenRequestsMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(tenth - first));

                    nodes.remote.paused(true);
                    victim.next(2_000); // at most the one request that was on its way when the pause came
                    victim.requests.clear();
                    assertNull(victim.next(Math.max(200, 3 * tenRequestsMillis)),
                            "a steal request while paused (unpaused, ten took " + tenRequestsMillis + " ms)");

                    nodes.remote.paused(false);
                    assertNotNull(victim.next(60_000), "asks again after the resume");
                    nodes.assertNoFailures();
                });
    }
}
