package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEventHandler;
import satin.ipl.security.PoolSecurity;

/**
 * A late member (one that asks to join a running malleable pool) never takes the seat of an initial member still
 * starting: before the pool closed it is refused for now, with a refusal that says so (and crosses the wire), and
 * admitted once the pool runs, numbered after the initial members. Before: it was admitted, counted towards closing
 * the pool, and the last initial member was refused ("pool ... is closed at 4 members"; 1 of 3 udp runs of
 * {@code --add-node-after} in issue 31).
 */
class LateMemberTest {

    private static JoinRequest initial(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", new byte[] {1}, new byte[] {2}, 3, true, false);
    }

    private static JoinRequest late(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", new byte[] {1}, new byte[] {2}, 0, true, true);
    }

    @Test
    void aLateMemberWaitsForThePoolToRunAndNeverTakesAnInitialSeat() throws Exception {
        PoolState pool = new PoolState("p");
        pool.join(initial("a"), e -> { });
        pool.join(initial("b"), e -> { });
        JoinRefusedException early = assertThrows(JoinRefusedException.class, () -> pool.join(late("x"), e -> { }));
        assertTrue(early.notYet(), "the same join may succeed later");
        assertTrue(early.getMessage().contains("has not started yet (2 of 3 members)"), early.getMessage());
        NodeIdentifier c = pool.join(initial("c"), e -> { });
        assertEquals("2", c.id(), "the third initial member takes the third seat");
        NodeIdentifier x = pool.join(late("x"), e -> { });
        assertEquals("3", x.id(), "the late member joins the running pool after the initial ones");
        JoinRefusedException full = assertThrows(JoinRefusedException.class, () -> pool.join(initial("d"), e -> { }));
        assertTrue(!full.notYet() && full.getMessage().contains("is closed at 3 members"), full.getMessage());
    }

    @Test
    void theRefusalForNowCrossesTheWire() throws Exception {
        IplConfig config = IplConfig.of(Map.of(IplProperties.CONNECT_TIMEOUT_MS, "5000"));
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(PoolSecurity.insecure()).start();
                RemoteRegistryClient a = RemoteRegistryClient.join(server.address(), initial("a"),
                        new RegistryEventHandler() { }, config, PoolSecurity.insecure())) {
            IOException refused = assertThrows(IOException.class, () -> RemoteRegistryClient.join(server.address(),
                    late("x"), new RegistryEventHandler() { }, config, PoolSecurity.insecure()));
            assertTrue(refused instanceof JoinRefusedException r && r.notYet(), refused.toString());
            assertTrue(a.members().size() == 1, "and nothing changed in the pool");
        }
    }
}
