package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.NetworkCut;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEventHandler;
import satin.ipl.RegistryLostException;
import satin.ipl.security.PoolSecurity;

/**
 * Members that lose their registry keep their pool and get it back: a registry restarted at the same address is
 * rebuilt from the members' states (ids kept, closed, size, the highest id), a member that does not come back within
 * the grace is declared dead (under the identifier the others know it by), a later member gets an id above every id
 * seen, and a member the registry declared dead while it was cut off is refused back (for good); a member that gets no
 * sign of the registry at all (cut off) gives it up after the heartbeat timeout, while one whose registry's process
 * is gone (connections refused) waits for it however long.
 */
@Timeout(60)
class RegistryRestartTest {

    /** What a member's handler heard, as text, in order. */
    private static final class Heard implements RegistryEventHandler {
        final LinkedBlockingQueue<String> events = new LinkedBlockingQueue<>();

        @Override
        public void joined(NodeIdentifier node) {
            events.add("joined " + node.id() + " " + node.location());
        }

        @Override
        public void died(NodeIdentifier node) {
            events.add("died " + node.id() + " " + node.location());
        }

        @Override
        public void registryUnavailable(Throwable cause) {
            events.add("unavailable");
        }

        @Override
        public void registryRestored() {
            events.add("restored");
        }

        @Override
        public void registryLost(Throwable cause) {
            events.add("lost " + cause.getMessage());
        }

        /** Waits for the next event that starts with {@code prefix}, skipping others; fails after 20 s. */
        String await(String prefix) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (true) {
                String e = events.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                assertTrue(e != null, "no '" + prefix + "' within 20 s");
                if (e.startsWith(prefix)) {
                    return e;
                }
            }
        }
    }

    private static IplConfig config() {
        return IplConfig.of(Map.of(IplProperties.CONNECT_TIMEOUT_MS, "5000", IplProperties.HEARTBEAT_INTERVAL_MS,
                "100", IplProperties.HEARTBEAT_TIMEOUT_MS, "600", IplProperties.REGISTRY_RECONNECT, "true"));
    }

    private static JoinRequest initial(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", name.getBytes(), new byte[] {2}, 3, true, false);
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }

    private static RegistryServer server(int port) throws InterruptedException {
        return new RegistryServer("127.0.0.1", port).security(PoolSecurity.insecure()).start();
    }

    @Test
    void aRestartedRegistryIsRebuiltFromItsMembersAndDeclaresTheMissingOneDead() throws Exception {
        int port = freePort();
        String address = "127.0.0.1:" + port;
        Heard heardA = new Heard();
        Heard heardB = new Heard();
        RegistryServer first = server(port);
        RemoteRegistryClient a = RemoteRegistryClient.join(address, initial("a"), heardA, config(),
                PoolSecurity.insecure());
        RemoteRegistryClient b = RemoteRegistryClient.join(address, initial("b"), heardB, config(),
                PoolSecurity.insecure());
        RemoteRegistryClient c = RemoteRegistryClient.join(address, initial("c"), new Heard(), config(),
                PoolSecurity.insecure());
        try {
            assertTrue(a.waitUntilPoolClosed(5000));
            first.close(); // the registry dies
            heardA.await("unavailable");
            heardB.await("unavailable");
            assertEquals(3, a.members().size(), "the view stays");
            RegistryLostException refused = assertThrows(RegistryLostException.class, () -> a.elect("x"));
            assertTrue(refused.getMessage().contains("unavailable"), refused.getMessage());
            c.close(); // c dies while the registry is away: it will not come back
            // an outage of several heartbeat timeouts: a connection refused at the registry's address is a sign that
            // its process is gone (not that this member is cut off), so the members wait for it however long
            Thread.sleep(4 * 600);
            assertTrue(heardA.events.stream().noneMatch(e -> e.startsWith("lost")), heardA.events.toString());
            try (RegistryServer second = server(port)) { // restarted at the same address
                heardA.await("restored");
                heardB.await("restored");
                assertEquals("died 2 c@c", heardA.await("died"), "c declared dead, by the identifier a knows");
                assertEquals("died 2 c@c", heardB.await("died"));
                assertEquals(List.of("0", "1"), a.members().stream().map(NodeIdentifier::id).toList());
                RemoteRegistryClient d = RemoteRegistryClient.join(address, new JoinRequest("p", Location.of("d", "c"),
                        "tcp", new byte[] {4}, new byte[] {2}, 0, true, true), new Heard(), config(),
                        PoolSecurity.insecure());
                try {
                    assertEquals("3", d.self().id(), "a new member's id is above every id any member saw");
                    assertTrue(d.waitUntilPoolClosed(5000));
                    assertEquals(3, d.joinedBeforeClose(), "the rebuilt pool remembers how many started it");
                    assertEquals("joined 3 d@c", heardA.await("joined 3"));
                    assertTrue(a.members().contains(a.elect("x")), "elections work again");
                } finally {
                    d.close();
                }
            }
        } finally {
            a.close();
            b.close();
            c.close();
        }
    }

    /**
     * No sign of the registry (attempts connect and get no answer, as in a partition): the member gives it up after
     * the heartbeat timeout rather than go on cut off from the pool, which has declared it dead.
     */
    @Test
    void aMemberCutOffForGoodGivesTheRegistryUp() throws Exception {
        int port = freePort();
        String address = "127.0.0.1:" + port;
        NetworkCut cut = new NetworkCut();
        Heard heardA = new Heard();
        try (RegistryServer server = server(port);
                RemoteRegistryClient a = RemoteRegistryClient.join(address, initial("a"), heardA, config(),
                        PoolSecurity.insecure(), cut);
                RemoteRegistryClient b = RemoteRegistryClient.join(address, initial("b"), new Heard(), config(),
                        PoolSecurity.insecure())) {
            cut.cut(); // never healed
            heardA.await("unavailable");
            String lost = heardA.await("lost");
            assertTrue(lost.contains("unreachable") && lost.contains("cut off"), lost);
        }
    }

    @Test
    void aMemberDeclaredDeadWhileCutOffIsRefusedBackForGood() throws Exception {
        int port = freePort();
        String address = "127.0.0.1:" + port;
        NetworkCut cut = new NetworkCut();
        Heard heardA = new Heard();
        Heard heardB = new Heard();
        try (RegistryServer server = server(port);
                RemoteRegistryClient a = RemoteRegistryClient.join(address, initial("a"), heardA, config(),
                        PoolSecurity.insecure(), cut);
                RemoteRegistryClient b = RemoteRegistryClient.join(address, initial("b"), heardB, config(),
                        PoolSecurity.insecure())) {
            cut.cut(); // a's registry connection goes silent both ways: the server declares it dead
            assertEquals("died 0 a@c", heardB.await("died"));
            heardA.await("unavailable");
            cut.heal();
            String lost = heardA.await("lost");
            assertTrue(lost.contains("was declared dead while it was away"), lost);
        }
    }
}
