package satin.cli.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The class-data sharing archive of the launcher JVM itself ({@code ./satin ...}), beside the jar as
 * {@value #FILE}: the node JVMs have theirs ({@link StartupArchive}), but the launcher of {@code satin run --nodes N}
 * loaded about 2,000 classes from the jar and the JDK outside the JDK's default archive (picocli, the embedded
 * registry's Netty, the process and relay code), 1.2 s of processor time on a machine that the node JVMs already
 * saturate at start (measured in the module README).
 *
 * <p>A JVM maps an archive only when told on its command line, which the launcher cannot change for itself; so the
 * {@code ./satin} script passes {@link #jvmOptions} when the archive is fresh (a non-empty file newer than the jar),
 * and otherwise first runs {@code satin launcher-archive}, which calls {@link #create}: a training JVM with
 * {@code -XX:ArchiveClassesAtExit} runs {@code satin launcher-archive --train} (a multi-node run and a one-JVM run of a
 * small program in one JVM, so the archive holds the classes of both kinds of launcher), and the dump is moved into
 * place in one step. A training that fails leaves an empty file, so the script does not try again until the jar
 * changes. {@code satin bench startup} uses the same archive, so it times what the script runs.
 *
 * <p>The JVM itself checks that the archive matches the jar (path, size, modification time) and the JDK, and runs
 * without it, silently (CDS logging off), when it does not.
 */
public final class LauncherArchive {

    /** The archive's file name, in the jar's directory (the {@code ./satin} script names it too). */
    public static final String FILE = "satin-launcher.jsa";

    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private final Path jar;
    private final Path archive;

    private LauncherArchive(Path jar, Path archive) {
        this.jar = jar;
        this.archive = archive;
    }

    /**
     * The launcher archive for a launcher started with {@code classpath}, or empty when that is not one jar in a
     * writable directory (a build's classes directory, an IDE: no archive).
     */
    public static Optional<LauncherArchive> of(String classpath) {
        Optional<List<Path>> jars = LaunchCache.jars(classpath);
        if (jars.isEmpty() || jars.get().size() != 1) {
            return Optional.empty();
        }
        Path jar = jars.get().get(0);
        Path dir = jar.getParent();
        if (dir == null || !Files.isWritable(dir)) {
            return Optional.empty();
        }
        return Optional.of(new LauncherArchive(jar, dir.resolve(FILE)));
    }

    /** The jar, as an absolute path: the archive only maps for a class path that names the jar the same way. */
    public Path jar() {
        return jar;
    }

    public Path path() {
        return archive;
    }

    /** Whether the archive was made for the current jar: newer than it (a failed training leaves an empty file). */
    public boolean decided() {
        try {
            return Files.isRegularFile(archive)
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a launcher JVM should map the archive: it is there for this jar and holds a dynamic archive. */
    public boolean usable() {
        return decided() && StartupArchive.isDynamicArchive(archive);
    }

    /** The options that make a launcher JVM map the archive (before {@code -jar} or {@code -cp}). */
    public List<String> jvmOptions() {
        List<String> options = new ArrayList<>(QUIET);
        options.add("-XX:SharedArchiveFile=" + archive);
        return options;
    }

    /**
     * Makes the archive for the current jar with the JDK at {@code javaHome}: runs the training JVM (bounded by
     * {@code timeoutSeconds}, then killed) and publishes its dump, or leaves an empty file when it failed. Returns
     * whether the archive is usable now.
     */
    public boolean create(String javaHome, long timeoutSeconds) throws IOException, InterruptedException {
        Path pending = archive.resolveSibling(FILE + ".dump-" + ProcessHandle.current().pid());
        List<String> command = new ArrayList<>(List.of(Path.of(javaHome, "bin", "java").toString(),
                "-XX:ArchiveClassesAtExit=" + pending));
        command.addAll(QUIET);
        command.addAll(List.of("-cp", jar.toString(), "satin.cli.SatinCommand", "launcher-archive", "--train"));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            boolean ended = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (ended && p.exitValue() == 0 && Files.isRegularFile(pending) && Files.size(pending) > 0) {
                LaunchCache.publish(pending, archive);
            } else {
                Path empty = archive.resolveSibling(FILE + ".empty-" + ProcessHandle.current().pid());
                Files.write(empty, new byte[0]);
                LaunchCache.publish(empty, archive);
            }
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(pending);
        }
        return usable();
    }
}
