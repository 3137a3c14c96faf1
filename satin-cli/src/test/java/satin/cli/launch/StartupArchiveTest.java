package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which class-data sharing options node JVMs get: node 0 dumps when no archive exists, everybody maps it once
 * published, nothing for class paths with directories or when the user chose; a rebuilt jar gets a new
 * archive and the old one goes.
 */
class StartupArchiveTest {

    private static final String JAVA_HOME = System.getProperty("java.home");

    @Test
    void nodeZeroDumpsThenEveryNodeMapsThePublishedArchive(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1, 2, 3});
        StartupArchive first = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        assertFalse(first.exists());
        List<String> zero = first.jvmOptions(0);
        String dump = zero.stream().filter(o -> o.startsWith("-XX:ArchiveClassesAtExit=")).findFirst().orElseThrow();
        assertTrue(zero.contains("-Xlog:cds=off"), zero.toString());
        assertEquals(List.of(), first.jvmOptions(1), "only node 0 dumps");

        Path pending = Path.of(dump.substring(dump.indexOf('=') + 1));
        Files.write(pending, archiveBytes());
        first.settle(0);
        assertTrue(first.exists());
        assertFalse(Files.exists(pending), "the dump was moved, not copied");

        StartupArchive second = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        for (int i = 0; i < 3; i++) {
            assertTrue(second.jvmOptions(i).contains("-XX:SharedArchiveFile=" + second.path()), second.jvmOptions(i).toString());
        }
    }

    @Test
    void aFailedNodeZeroPublishesNothing(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1});
        StartupArchive archive = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        String dump = archive.jvmOptions(0).stream().filter(o -> o.startsWith("-XX:ArchiveClassesAtExit=")).findFirst()
                .orElseThrow();
        Path pending = Path.of(dump.substring(dump.indexOf('=') + 1));
        Files.write(pending, new byte[] {42});
        archive.settle(1);
        assertFalse(archive.exists());
        assertFalse(Files.exists(pending), "a failed node's dump is deleted");
    }

    @Test
    void aRebuiltJarGetsANewArchiveAndTheOldOneIsDeleted(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1});
        StartupArchive old = publish(jar);
        Files.write(jar, new byte[] {1, 2});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5000));
        StartupArchive rebuilt = publish(jar);
        assertNotEquals(old.path(), rebuilt.path());
        assertTrue(rebuilt.exists());
        assertFalse(Files.exists(old.path()), "the archive of the old jar is deleted");
    }

    @Test
    void offForDirectoriesOnTheClassPathAndWhenTheUserChoseClassDataSharing(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1});
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertEquals(Optional.empty(),
                StartupArchive.forNodes(JAVA_HOME, jar + File.pathSeparator + classes, List.of()));
        for (String option : List.of("-Xshare:off", "-XX:SharedArchiveFile=/x.jsa", "-XX:ArchiveClassesAtExit=/y.jsa")) {
            assertEquals(Optional.empty(), StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of(option)), option);
        }
        assertTrue(StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of("-Xmx1g")).isPresent());
    }

    private static StartupArchive publish(Path jar) throws IOException {
        StartupArchive archive = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        String dump = archive.jvmOptions(0).stream().filter(o -> o.startsWith("-XX:ArchiveClassesAtExit=")).findFirst()
                .orElseThrow();
        Files.write(Path.of(dump.substring(dump.indexOf('=') + 1)), archiveBytes());
        archive.settle(0);
        return archive;
    }

    /** The start of a dynamic archive (its magic number in the machine's byte order), then anything. */
    private static byte[] archiveBytes() {
        return java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.nativeOrder())
                .putInt(StartupArchive.DYNAMIC_ARCHIVE_MAGIC).putInt(17).array();
    }

    @Test
    void aDamagedArchiveIsWrittenAgainAndReplaced(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1});
        StartupArchive published = publish(jar);
        Files.delete(published.path());
        Files.write(published.path(), new byte[] {'n', 'o', 't', ' ', 'a', 'n', ' ', 'a', 'r', 'c', 'h', 'i', 'v', 'e'});

        StartupArchive damaged = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        assertFalse(damaged.exists(), "a file without the archive's magic number is no archive");
        List<String> zero = damaged.jvmOptions(0);
        assertTrue(zero.stream().noneMatch(o -> o.startsWith("-XX:SharedArchiveFile")), "nobody maps it: " + zero);
        assertEquals(List.of(), damaged.jvmOptions(1));
        String dump = zero.stream().filter(o -> o.startsWith("-XX:ArchiveClassesAtExit=")).findFirst().orElseThrow();
        Files.write(Path.of(dump.substring(dump.indexOf('=') + 1)), archiveBytes());
        damaged.settle(0);
        assertTrue(damaged.exists(), "node 0's new dump replaced the damaged file");
        assertEquals(published.path(), damaged.path());
        StartupArchive next = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        assertTrue(next.jvmOptions(2).contains("-XX:SharedArchiveFile=" + next.path()));
    }

    @Test
    void everyNodeOfARunDecidesAlikeEvenWhenTheArchiveAppearsMeanwhile(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1});
        StartupArchive archive = StartupArchive.forNodes(JAVA_HOME, jar.toString(), List.of()).orElseThrow();
        assertTrue(archive.jvmOptions(0).stream().anyMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit=")));
        Files.write(archive.path(), archiveBytes()); // another run published it while this one starts its nodes
        assertEquals(List.of(), archive.jvmOptions(1), "node 1 neither maps nor dumps, as node 0 decided");
    }
}
