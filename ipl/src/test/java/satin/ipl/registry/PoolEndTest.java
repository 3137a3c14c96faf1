package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.RegistryEventHandler;
import satin.ipl.security.PoolSecurity;

/**
 * A launcher asks its registry whether a pool is over (it closed and emptied: nobody can end its run any more) and
 * may leave a member out only while the pool has not closed. Leaving one out of a pool that had ended made a new,
 * empty pool state of that name (the launcher then said "going on without node2 ... before the pool closed" of a
 * node that ended after the run).
 */
class PoolEndTest {
    private static final IplConfig CONFIG = IplConfig.of(Map.of(IplProperties.CONNECT_TIMEOUT_MS, "5000"));

    private static JoinRequest request(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", new byte[] {1}, new byte[] {2}, 2);
    }

    @Test
    void aPoolIsOverOnceItClosedAndEmptiedAndThenNobodyCanBeLeftOut() throws Exception {
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(PoolSecurity.insecure()).start()) {
            assertFalse(server.poolEnded("p"), "never ran");
            RemoteRegistryClient a = RemoteRegistryClient.join(server.address(), request("a"),
                    new RegistryEventHandler() { }, CONFIG, PoolSecurity.insecure());
            assertFalse(server.poolEnded("p"), "running, open");
            RemoteRegistryClient b = RemoteRegistryClient.join(server.address(), request("b"),
                    new RegistryEventHandler() { }, CONFIG, PoolSecurity.insecure());
            assertTrue(a.waitUntilPoolClosed(5000));
            a.close();
            assertFalse(server.poolEnded("p"), "one member left");
            b.close();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (!server.poolEnded("p")) { // the server handles the second LEAVE on its own thread
                assertTrue(System.nanoTime() < deadline, "the pool did not end");
                Thread.sleep(10);
            }
            assertFalse(server.leaveOut("p"), "too late: the pool ran and ended");
            assertTrue(server.poolEnded("p"), "and leaving out made no new pool of that name");
        }
    }
}
