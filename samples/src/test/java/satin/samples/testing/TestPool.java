package satin.samples.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import satin.ipl.IplException;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * The samples' pools run as a real run does: with a pool secret (one fresh file per test JVM, which the nodes read
 * through {@code satin.pool-secret-file}), authenticated and encrypted links and registry connections.
 */
public final class TestPool {

    /** The secret file every node and registry of this test JVM reads. */
    public static final Path SECRET = newSecret();

    private TestPool() {
    }

    private static Path newSecret() {
        try {
            return PoolSecret.writeNewTemporary("satin-test-secret-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A registry server (not started) that admits members proving {@link #SECRET}. */
    public static RegistryServer registry() throws IplException {
        return new RegistryServer("127.0.0.1", 0).security(PoolSecurity.of(PoolSecret.read(SECRET),
                EncryptionPolicy.ALL));
    }
}
