package satin.rewriter.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Locates the compiled sample classes and copies them into temporary directories for rewriting. */
public final class Samples {

    private Samples() {
    }

    /** The test-classes directory (where javac put the samples). */
    public static Path testClasses() {
        try {
            return Path.of(Samples.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The test class path without test-classes: the runtime, ASM, JUnit... */
    public static List<Path> classPathWithoutSamples() {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (!entry.isBlank() && !p.equals(testClasses().toAbsolutePath())) {
                entries.add(p);
            }
        }
        return entries;
    }

    /** Copies the class files under {@code relativeDir} (a package path or a single file) into {@code dest}. */
    public static void copy(String relative, Path dest) {
        Path root = testClasses();
        Path source = root.resolve(relative);
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path file : walk.filter(f -> f.toString().endsWith(".class")).toList()) {
                Path target = dest.resolve(root.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** All files under {@code dir} with their bytes, by relative path. */
    public static Map<String, byte[]> snapshot(Path dir) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return files;
    }

    /** The line of {@code src/test/java/<file>} containing {@code marker}, 1-based. */
    public static int lineOf(String sourceFile, String marker) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/test/java", sourceFile));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(marker + " not in " + sourceFile);
    }

    /** All lines of a sample source containing {@code marker}, 1-based. */
    public static List<Integer> linesOf(String sourceFile, String marker) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/test/java", sourceFile));
        List<Integer> result = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                result.add(i + 1);
            }
        }
        return result;
    }
}
