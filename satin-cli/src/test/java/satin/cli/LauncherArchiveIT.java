package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.PackagedJar.Result;

/**
 * The launcher JVM's class-data archive with the packaged jar, in fresh JVMs: {@code satin launcher-archive} (what
 * {@code ./satin} runs once per build) writes it beside the jar, and a launcher started with {@code -Xshare:on} (which
 * refuses to start without mapping it) maps it and takes from it both the embedded registry's classes of a
 * multi-node run and the runtime's of a one-JVM run: the training covered both kinds of launcher.
 */
class LauncherArchiveIT {

    private static final String SHARED = "source: shared objects file (top)";

    @Test
    void theArchiveIsMadeOnceAndHoldsTheClassesOfBothKindsOfLauncher(@TempDir Path dir) throws Exception {
        Path jar = Files.copy(PackagedJar.jar(), dir.resolve("satin.jar"));
        Result made = PackagedJar.java(List.of("-jar", jar.toString()), List.of("launcher-archive"));
        assertEquals(0, made.exit(), made.output());
        Path archive = dir.resolve("satin-launcher.jsa");
        assertTrue(Files.size(archive) > 1_000_000, "a real archive: " + Files.size(archive) + " bytes");
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0,
                "newer than the jar, which is how ./satin knows it was made for this jar");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().contains(".dump-")).toList(),
                    "no unpublished dump left");
        }

        List<String> mapping = List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-Xlog:class+load",
                "-jar", jar.toString());
        Result multi = PackagedJar.java(mapping, List.of("run", "--nodes", "2", "fib", "12"));
        assertEquals(0, multi.exit(), multi.output());
        assertTrue(multi.output().contains("fib(12) = 144"), multi.output());
        assertTrue(multi.output().contains("satin.ipl.registry.PoolState " + SHARED), multi.output());

        Result one = PackagedJar.java(mapping, List.of("run", "fib", "12"));
        assertEquals(0, one.exit(), one.output());
        assertTrue(one.output().contains("satin.contract.MainEntry " + SHARED), one.output());
    }
}
