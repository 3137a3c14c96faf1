package satin.cli.launch;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The class-data sharing (AppCDS) archive of the node JVMs, created on first use.
 *
 * <p>Why: a node JVM loads and verifies about 3,000 classes of the shaded jar (picocli, Netty, Kryo, ASM, the
 * runtime) before it can join the pool, and {@code satin run --nodes N} starts N of them at once on a machine
 * that may have fewer processors. Classes mapped from a CDS archive are already parsed and verified, which
 * shortens a node's start (measured in docs/benchmarks/notes-2026-11.md).
 *
 * <p>How, on JDK 17 (which lacks JDK 19's {@code -XX:+AutoCreateSharedArchive}): when no archive exists for
 * this exact class path and JDK, node 0 of the run writes a dynamic archive when it exits
 * ({@code -XX:ArchiveClassesAtExit}) to a file private to this launcher; once it exited successfully the
 * launcher moves that file to the archive's name in one atomic step, so concurrent runs never see a partial
 * archive and at most waste a dump. Later runs start every node with {@code -XX:SharedArchiveFile}. The name
 * holds a hash of the JDK and of every class path entry's path, size and modification time, so a rebuilt jar
 * gets a new archive (older ones of the same jar are deleted then). CDS logging is switched off: a JVM that
 * cannot map an archive warns on standard output, which is the program's output; it then simply runs
 * without.
 *
 * <p>Only for class paths of jars: the JVM refuses to archive classes from non-empty directories (test
 * runs, IDEs), and then this is off. The user turns it off with {@code --node-jvm-option=-Xshare:off} (any
 * node JVM option naming {@code Xshare}, {@code SharedArchiveFile} or {@code ArchiveClassesAtExit} leaves
 * class-data sharing to the user).
 */
final class StartupArchive {

    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private final Path archive;
    private final Path pending;
    /** Whether a usable archive was there when this run asked first (all its nodes decide alike), or null. */
    private Boolean usable;

    private StartupArchive(Path archive, Path pending) {
        this.archive = archive;
        this.pending = pending;
    }

    /**
     * The archive for node JVMs started with {@code classpath} by the JDK at {@code javaHome}, or empty when
     * class-data sharing does not apply (directories on the class path, the user chose, no writable place).
     */
    static Optional<StartupArchive> forNodes(String javaHome, String classpath, List<String> userOptions) {
        for (String o : userOptions) {
            if (o.contains("Xshare") || o.contains("SharedArchiveFile") || o.contains("ArchiveClassesAtExit")) {
                return Optional.empty();
            }
        }
        Optional<List<Path>> jars = LaunchCache.jars(classpath);
        Optional<String> key = jars.flatMap(LaunchCache::key);
        if (key.isEmpty()) {
            return Optional.empty();
        }
        Path first = jars.get().get(0);
        String stem = first.getFileName().toString().replaceFirst("\\.jar$", "");
        String name = stem + "-" + LaunchCache.hash(javaHome + "|" + System.getProperty("java.vm.version") + "|"
                + key.get()) + ".jsa";
        Optional<Path> directory = LaunchCache.directory(first);
        if (directory.isEmpty()) {
            return Optional.empty();
        }
        Path dir = directory.get();
        Path archive = dir.resolve(name);
        Path pending = dir.resolve(name + ".dump-" + ProcessHandle.current().pid());
        return Optional.of(new StartupArchive(archive, pending));
    }

    /** The first four bytes of a HotSpot dynamic archive, read in the machine's byte order (JDK 17: 0xf00baba8). */
    static final int DYNAMIC_ARCHIVE_MAGIC = 0xf00baba8;

    /**
     * Whether the archive exists and starts as a dynamic archive does, so every node maps it; else node 0 writes
     * it, and {@link #settle} replaces what was there (a file damaged by a full disk or a stray write: otherwise
     * every later run would start without class-data sharing, silently). A file that passes this check but that the
     * JVM still refuses (damaged further in) is ignored by every node JVM, which then runs without it: correct,
     * only slower, until the jar changes.
     */
    boolean exists() {
        return isDynamicArchive(archive);
    }

    /** Whether {@code file} is there and starts as a HotSpot dynamic archive does. */
    static boolean isDynamicArchive(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4);
            return head.length == 4 && java.nio.ByteBuffer.wrap(head).order(java.nio.ByteOrder.nativeOrder()).getInt()
                    == DYNAMIC_ARCHIVE_MAGIC;
        } catch (IOException e) {
            return false;
        }
    }

    /** JVM options for node {@code i}. */
    List<String> jvmOptions(int i) {
        List<String> options = new ArrayList<>(QUIET);
        if (usable == null) {
            usable = exists();
        }
        if (usable) {
            options.add("-XX:SharedArchiveFile=" + archive);
        } else if (i == 0) {
            options.add("-XX:ArchiveClassesAtExit=" + pending);
        } else {
            return List.of();
        }
        return options;
    }

    /**
     * After the nodes ended: publishes node 0's dump when it exited with {@code status} 0 (a JVM that failed
     * may have loaded an unusual set of classes, or written nothing), deletes it otherwise.
     */
    void settle(int nodeZeroStatus) {
        try {
            if (nodeZeroStatus == 0 && Files.isRegularFile(pending) && Files.size(pending) > 0) {
                deleteOlderArchives();
                LaunchCache.publish(pending, archive);
            }
        } catch (IOException e) {
            // another run published the same archive first, or the directory went away: the next run tries again
        } finally {
            try {
                Files.deleteIfExists(pending);
            } catch (IOException e) {
                // nothing to clean up that a later run would trip over: pending names hold this launcher's pid
            }
        }
    }

    Path path() {
        return archive;
    }

    private void deleteOlderArchives() throws IOException {
        String name = archive.getFileName().toString();
        String stem = name.substring(0, name.lastIndexOf('-') + 1);
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(archive.getParent(), stem + "*.jsa")) {
            for (Path p : siblings) {
                if (!p.equals(archive) && p.getFileName().toString().substring(stem.length()).matches("[0-9a-f]+\\.jsa")) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
