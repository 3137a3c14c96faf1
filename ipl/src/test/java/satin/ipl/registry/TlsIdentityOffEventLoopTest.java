package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.RegistryEventHandler;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecurity;
import satin.ipl.security.TestSecrets;

/**
 * Neither the registry server's event loop nor a member's makes the TLS identity (key pair and certificate):
 * in a freshly started JVM on a loaded machine that took seconds (measured: 7 to 9 s for four node JVMs starting
 * beside four busy loops on two cores), stalled the loop, and failed joins with "cannot reach registry server
 * (timeout)" or "did not answer JOIN". Each side's PoolSecurity is locked by this test while the other side
 * works: a loop that tried to make the identity would wait for the lock and the join would fail.
 */
class TlsIdentityOffEventLoopTest {

    private static final IplConfig CONFIG = IplConfig.of(Map.of(IplProperties.CONNECT_TIMEOUT_MS, "3000"));

    private static JoinRequest request(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", new byte[] {1}, new byte[] {2}, 1);
    }

    @Test
    void theRegistryServersEventLoopDoesNotMakeTheIdentity() throws Exception {
        Path secret = TestSecrets.newFile();
        PoolSecurity serverSecurity = TestSecrets.security(secret, EncryptionPolicy.ALL);
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(serverSecurity).start()) {
            PoolSecurity member = TestSecrets.security(secret, EncryptionPolicy.ALL);
            synchronized (serverSecurity) { // the server's first TLS connection must not need it
                try (RemoteRegistryClient c = RemoteRegistryClient.join(server.address(), request("a"),
                        new RegistryEventHandler() { }, CONFIG, member)) {
                    assertNotNull(c.self(), "joined over TLS");
                }
            }
        }
    }

    @Test
    void aMembersEventLoopDoesNotMakeTheIdentity() throws Exception {
        Path secret = TestSecrets.newFile();
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0)
                .security(TestSecrets.security(secret, EncryptionPolicy.ALL)).start()) {
            PoolSecurity member = TestSecrets.security(secret, EncryptionPolicy.ALL);
            // held by the joining thread: the join may make the identity itself, its event loop may not
            synchronized (member) {
                try (RemoteRegistryClient c = RemoteRegistryClient.join(server.address(), request("b"),
                        new RegistryEventHandler() { }, CONFIG, member)) {
                    assertNotNull(c.self(), "joined over TLS");
                }
            }
        }
    }
}
