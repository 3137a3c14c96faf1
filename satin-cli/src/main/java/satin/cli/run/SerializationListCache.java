package satin.cli.run;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import satin.cli.launch.LaunchCache;

/**
 * The serialization class list of {@code satin run --nodes N}, kept beside the jars it was derived from
 * ({@link LaunchCache}) so that a second run of the same program reads it instead of scanning the class path
 * again (the scan reads every class header of the program's jars: a few hundred milliseconds on the launcher's
 * critical path, since the nodes wait for the list before they join).
 *
 * <p>The list is a function of the class path's jars, the main class and the classes named with
 * {@code --register}; the key names all of them, each jar by path, size and modification time, and the file holds
 * the key on its first line, checked on reading. Only class paths of jars are kept: a directory's contents change
 * without its own time changing, so with a directory on the class path (or {@code -cp}) the list is computed every
 * time. A file is written under a private name and moved into place in one step, so a concurrent run reads a
 * whole file or none.
 */
final class SerializationListCache {

    private SerializationListCache() {
    }

    /** The cached list for this program, or {@code compute}'s result, which is then kept for the next run. */
    static List<String> get(Class<?> mainClass, String extraClassPath, List<String> register,
            Supplier<List<String>> compute) {
        String classpath = System.getProperty("java.class.path")
                + (extraClassPath == null || extraClassPath.isBlank() ? "" : File.pathSeparator + extraClassPath);
        Optional<List<Path>> jars = LaunchCache.jars(classpath);
        Optional<String> jarKey = jars.flatMap(LaunchCache::key);
        Optional<Path> dir = jars.flatMap(j -> LaunchCache.directory(j.get(0)));
        if (jarKey.isEmpty() || dir.isEmpty()) {
            return compute.get();
        }
        String key = jarKey.get() + "|main=" + mainClass.getName() + "|register=" + String.join(",", register);
        Path file = dir.get().resolve("satin-serialization-" + LaunchCache.hash(key) + ".txt");
        Optional<List<String>> kept = read(file, key);
        if (kept.isPresent()) {
            return kept.get();
        }
        List<String> list = compute.get();
        write(file, key, list);
        return list;
    }

    private static Optional<List<String>> read(Path file, String key) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() == 2 && lines.get(0).equals(key) && !lines.get(1).isBlank()) {
                return Optional.of(Arrays.asList(lines.get(1).split(",")));
            }
        } catch (IOException e) {
            // not there yet (or unreadable): computed instead
        }
        return Optional.empty();
    }

    private static void write(Path file, String key, List<String> list) {
        Path pending = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Files.writeString(pending, key + "\n" + String.join(",", list) + "\n", StandardCharsets.UTF_8);
            LaunchCache.publish(pending, file);
        } catch (IOException e) {
            // not kept: the next run computes the list again
        } finally {
            try {
                Files.deleteIfExists(pending);
            } catch (IOException e) {
                // a leftover private name is never read
            }
        }
    }
}
