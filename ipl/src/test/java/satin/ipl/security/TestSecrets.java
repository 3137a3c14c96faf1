package satin.ipl.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Pool secret files for tests: each a fresh random secret in a temporary directory of its own. */
public final class TestSecrets {
    private TestSecrets() {
    }

    /** A new secret file (deleted when the JVM exits). */
    public static Path newFile() {
        try {
            return PoolSecret.writeNewTemporary("satin-test-secret-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The security of a node or registry that knows the secret in {@code file}. */
    public static PoolSecurity security(Path file, EncryptionPolicy policy) {
        try {
            return PoolSecurity.of(PoolSecret.read(file), policy);
        } catch (satin.ipl.IplException e) {
            throw new IllegalStateException(e);
        }
    }
}
