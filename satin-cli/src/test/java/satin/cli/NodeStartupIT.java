package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.PackagedJar.Result;

/**
 * The start-up path of {@code satin run --nodes N} with the packaged jar, in fresh JVMs: the first run writes
 * the node JVMs' class-data sharing archive beside the jar, a JVM started with {@code -Xshare:on} (which refuses
 * to start without mapping it) maps it for the jar's class path, and later runs use it and leave it alone; a
 * damaged archive is ignored by the JVMs with the run still correct, and one that is no archive at all is written
 * again.
 */
class NodeStartupIT {

    @Test
    void theFirstMultiNodeRunWritesAnArchiveThatLaterNodesMap(@TempDir Path dir) throws Exception {
        Path jar = Files.copy(PackagedJar.jar(), dir.resolve("satin.jar"));
        Result first = PackagedJar.java(List.of("-jar", jar.toString()), List.of("run", "--nodes", "2", "fib", "15"));
        assertEquals(0, first.exit(), first.output());
        assertEquals(1, first.output().lines().filter(l -> l.equals("fib(15) = 610")).count(), first.output());
        List<Path> archives = files(dir, ".jsa");
        assertEquals(1, archives.size(), "one archive beside the jar: " + files(dir, ""));
        assertEquals(List.of(), files(dir, ".jsa.dump-"), "no unpublished dump left");
        Path archive = archives.get(0);
        FileTime written = Files.getLastModifiedTime(archive);

        Result mapped = PackagedJar.java(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-cp",
                jar.toString()), List.of("satin.cli.run.NodeProcess", "fib", "12"));
        assertEquals(0, mapped.exit(), mapped.output());
        assertTrue(mapped.output().contains("fib(12) = 144"), mapped.output());

        Result second = PackagedJar.java(List.of("-jar", jar.toString()),
                List.of("run", "--nodes", "3", "--clusters", "2", "fib", "16"));
        assertEquals(0, second.exit(), second.output());
        assertEquals(1, second.output().lines().filter(l -> l.equals("fib(16) = 987")).count(), second.output());
        assertEquals(List.of(archive), files(dir, ".jsa"), "the same archive, no new one");
        assertEquals(written, Files.getLastModifiedTime(archive), "a run that maps the archive does not rewrite it");
    }

    @Test
    void aDamagedArchiveIsIgnoredWithTheRunCorrectThenReplaced(@TempDir Path dir) throws Exception {
        Path jar = Files.copy(PackagedJar.jar(), dir.resolve("satin.jar"));
        Result first = PackagedJar.java(List.of("-jar", jar.toString()), List.of("run", "--nodes", "2", "fib", "14"));
        assertEquals(0, first.exit(), first.output());
        Path archive = files(dir, ".jsa").get(0);

        // damaged inside, behind a valid start: the launcher maps it, every JVM refuses it and runs without it
        byte[] bytes = Files.readAllBytes(archive);
        java.util.Arrays.fill(bytes, 64, bytes.length, (byte) 0x5a);
        Files.delete(archive); // published read-only
        Files.write(archive, bytes);
        Result refused = PackagedJar.java(List.of("-jar", jar.toString()), List.of("run", "--nodes", "2", "fib", "15"));
        assertEquals(0, refused.exit(), refused.output());
        assertEquals(1, refused.output().lines().filter(l -> l.equals("fib(15) = 610")).count(), refused.output());

        // garbage from the first byte: no archive at all, so node 0 writes a new one that replaces it
        Files.write(archive, "not an archive".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        Result rewritten = PackagedJar.java(List.of("-jar", jar.toString()),
                List.of("run", "--nodes", "3", "--clusters", "2", "fib", "16"));
        assertEquals(0, rewritten.exit(), rewritten.output());
        assertEquals(1, rewritten.output().lines().filter(l -> l.equals("fib(16) = 987")).count(), rewritten.output());
        assertEquals(List.of(archive), files(dir, ".jsa"));
        assertTrue(Files.size(archive) > 1_000_000, "a real archive again: " + Files.size(archive) + " bytes");
        Result mapped = PackagedJar.java(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-cp",
                jar.toString()), List.of("satin.cli.run.NodeProcess", "fib", "12"));
        assertEquals(0, mapped.exit(), mapped.output());
    }

    private static List<Path> files(Path dir, String containing) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().contains(containing))
                    .filter(p -> !containing.equals(".jsa") || p.getFileName().toString().endsWith(".jsa")).sorted()
                    .toList();
        }
    }
}
