package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.balance.BalancePolicies;
import satin.runtime.testapps.FibMain;

/**
 * A node's messages are handled by one upcall thread, in arrival order. Here node x is the last to be ready: the
 * emulated link from c to x delays every packet by 3 s, so c's WARMUP reaches x seconds after b and c are ready
 * and stealing. Their steal requests (and maybe DONE) reach x before that WARMUP. Handling them must not wait for
 * x to be ready: the WARMUP that makes x ready is queued behind them on the same thread.
 */
@Timeout(120)
class WarmUpOrderTest {

    @Test
    void messagesBeforeTheLastWarmUpDoNotStallTheNode(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("late-warm-up.wan");
        Files.writeString(topology, "default latency=0ms bandwidth=unlimited\nlink cc -> cx latency=3s\n");
        try (InProcessPool pool = new InProcessPool(3)) {
            for (String name : new String[] {"x", "b", "c"}) {
                pool.start(p -> new NodeOptions(p[0], p[1], 3, name, "c" + name, 1, 2, BalancePolicies.RS, "tcp",
                        topology.toString(), List.of(), 20_000), FibMain.class, "22");
            }
            List<SatinNode.Outcome> outcomes = pool.await(90);
            SatinNode.Outcome master = InProcessPool.master(outcomes);
            assertNull(master.mainFailure());
            assertEquals(3, master.report().nodes().size(), master.report().toString());
        }
    }
}
