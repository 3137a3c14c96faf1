package satin.cli.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import satin.ipl.security.PoolSecret;

/**
 * The fresh pool secret of one {@code satin run --nodes N} on this machine: a random secret in a new directory
 * only this user may enter, handed to the node JVMs by its path (never on a command line or in the environment,
 * where other users could read it) and deleted when the run ends.
 */
record RunSecret(Path file) {

    static RunSecret create() throws IOException {
        Path dir;
        try {
            dir = Files.createTempDirectory("satin-secret-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            dir = Files.createTempDirectory("satin-secret-");
        }
        Path file = dir.resolve("pool.secret");
        // also gone when the run is stopped with Ctrl-C (hooks run in reverse order: the file, then the directory)
        dir.toFile().deleteOnExit();
        file.toFile().deleteOnExit();
        PoolSecret.writeNew(file);
        return new RunSecret(file);
    }

    /** Deletes the secret and its directory; a failure leaves them to the system's temporary-file cleanup. */
    void delete() {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        } catch (IOException e) {
            // nothing else to do: the directory is readable by this user only
        }
    }
}
