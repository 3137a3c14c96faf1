package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.RegistryEventHandler;
import satin.ipl.security.PoolSecurity;

/**
 * The registry's join rate per address: a flood from a member's own address does not touch the member that joined
 * (its connection, its heartbeats), and a join refused for the rate says so, as a refusal that may succeed later.
 * Before, the refused connection was only closed and the member read "registry server closed the connection" (issue
 * 31: 2,000 connections in 20 s from 127.0.0.1 failed a legitimate pool that way).
 */
class RateLimitTest {
    private static final IplConfig CONFIG = IplConfig.of(Map.of(IplProperties.CONNECT_TIMEOUT_MS, "5000",
            IplProperties.HEARTBEAT_INTERVAL_MS, "50", IplProperties.HEARTBEAT_TIMEOUT_MS, "500"));

    private static JoinRequest request(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", new byte[] {1}, new byte[] {2}, 0);
    }

    @Test
    void aFloodFromAMembersAddressLeavesTheMemberAloneAndARefusedJoinNamesTheRateLimit() throws Exception {
        RegistryServer server = new RegistryServer("127.0.0.1", 0).limits(new RegistryLimits(10, 100,
                RegistryProtocol.MAX_FRAME, 0.001, 3)).security(PoolSecurity.insecure()).start();
        try (server; RemoteRegistryClient member = RemoteRegistryClient.join(server.address(), request("a"),
                new RegistryEventHandler() { }, CONFIG, PoolSecurity.insecure())) {
            InetSocketAddress target = new InetSocketAddress("127.0.0.1", server.port());
            String said = "";
            for (int i = 0; i < 10; i++) { // the flood, from the member's address: 2 admitted, 8 refused
                try (Socket s = new Socket()) {
                    s.connect(target, 5000);
                    s.setSoTimeout(200);
                    said = read(s.getInputStream());
                }
            }
            assertEquals(8, server.refusedConnections());
            assertTrue(said.startsWith(RateLimitRefusal.MAGIC_TEXT) && said.contains("rate limit per address"), said);
            Thread.sleep(1_500); // three heartbeat timeouts: the member's connection still lives
            assertEquals(1, member.members().size(), "the member is still in the pool and its registry alive");
            JoinRefusedException refused = assertThrows(JoinRefusedException.class, () -> RemoteRegistryClient.join(
                    server.address(), request("b"), new RegistryEventHandler() { }, CONFIG, PoolSecurity.insecure()));
            assertTrue(refused.notYet(), "a refusal for the rate may succeed later");
            assertTrue(refused.getMessage().contains("refused this connection: more than 0.001 joins per second from "
                    + "127.0.0.1 (the registry's rate limit per address, burst 3)"), refused.getMessage());
        }
    }

    /** What the server sent before it closed (or nothing, when it kept the connection: an admitted one). */
    private static String read(InputStream in) {
        byte[] buf = new byte[2048];
        int n = 0;
        try {
            for (int r; n < buf.length && (r = in.read(buf, n, buf.length - n)) > 0; ) {
                n += r;
            }
        } catch (IOException timeoutOrReset) {
            // an admitted connection says nothing until JOIN
        }
        return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
    }
}
