package satin.cli.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import satin.ipl.security.PoolSecret;

/**
 * The fresh pool secret of one {@code satin run --nodes N} on this machine: a random secret in a new directory
 * only this user may enter, handed to the node JVMs by its path (never on a command line or in the environment,
 * where other users could read it) and deleted when the run ends.
 */
record RunSecret(Path file) {

    static RunSecret create() throws IOException {
        return new RunSecret(PoolSecret.writeNewTemporary("satin-secret-")); // also deleted on Ctrl-C
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
