package satin.cli.launch;

import java.io.File;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the launcher keeps what it derives once from a class path of jars and reuses while those jars do not
 * change (the node JVMs' class-data archive, the serialization class list): the directory of the first jar when
 * it is writable (the build's {@code target/} for {@code ./satin}), else {@code ~/.cache/satin/cds} (the user's
 * own, never a shared temporary directory: a file planted there by someone else would be trusted). A file's name
 * holds a hash of its key, which names every jar by path, size and modification time, so a rebuilt jar never
 * meets a stale file.
 */
public final class LaunchCache {

    private LaunchCache() {
    }

    /** The jars of {@code classpath}, or empty when an entry is not a jar file (a directory changes silently). */
    public static Optional<List<Path>> jars(String classpath) {
        List<Path> jars = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p) || !entry.endsWith(".jar")) {
                return Optional.empty();
            }
            jars.add(p);
        }
        return jars.isEmpty() ? Optional.empty() : Optional.of(jars);
    }

    /** A key naming every jar by path, size and modification time, or empty when one cannot be read. */
    public static Optional<String> key(List<Path> jars) {
        StringBuilder key = new StringBuilder();
        for (Path p : jars) {
            try {
                key.append(p).append('|').append(Files.size(p)).append('|')
                        .append(Files.getLastModifiedTime(p).toMillis()).append(';');
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.of(key.toString());
    }

    /** The directory for files derived from {@code jar}'s class path, or empty when there is no writable one. */
    public static Optional<Path> directory(Path jar) {
        Path parent = jar.getParent();
        if (parent != null && Files.isWritable(parent)) {
            return Optional.of(parent);
        }
        Path dir = Path.of(System.getProperty("user.home"), ".cache", "satin", "cds");
        try {
            Files.createDirectories(dir);
            return Files.isWritable(dir) ? Optional.of(dir) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Moves a file written under a private name into place in one step where the file system can, so that a
     * concurrent run sees the whole file or none.
     */
    public static void publish(Path pending, Path target) throws IOException {
        try {
            Files.move(pending, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(pending, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** FNV-1a, 64 bits, as hex: a stable file name for a key (the files hold or are checked against the key). */
    public static String hash(String key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < key.length(); i++) {
            h ^= key.charAt(i);
            h *= 0x100000001b3L;
        }
        return Long.toHexString(h);
    }
}
