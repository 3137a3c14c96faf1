package satin.runtime.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * The runtime's tests run their pools as a real run does: with a pool secret (one fresh file per test JVM),
 * authenticated and encrypted links and registry connections.
 */
final class TestPoolSecurity {
    private static final Path SECRET = newSecret();

    private TestPoolSecurity() {
    }

    private static Path newSecret() {
        try {
            return PoolSecret.writeNewTemporary("satin-test-secret-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A registry server (not started) that admits members proving the secret. */
    static RegistryServer server() {
        try {
            return new RegistryServer("127.0.0.1", 0).security(PoolSecurity.of(PoolSecret.read(SECRET),
                    EncryptionPolicy.ALL));
        } catch (IplException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The IPL settings of a node of such a pool. */
    static Map<String, String> settings() {
        return Map.of(IplProperties.SECRET_FILE, SECRET.toString());
    }
}
