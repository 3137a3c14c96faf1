package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the launcher maps its archive: only for a class path of one jar, only an archive newer than the jar, and not
 * an empty file (a failed training, which still counts as decided so that nobody trains again for this jar).
 */
class LauncherArchiveTest {

    @Test
    void onlyForOneJarAndBesideIt(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("satin.jar"), new byte[] {1});
        Path other = Files.write(dir.resolve("other.jar"), new byte[] {1});
        assertEquals(Optional.of(dir.resolve(LauncherArchive.FILE)), LauncherArchive.of(jar.toString())
                .map(LauncherArchive::path));
        assertEquals(Optional.empty(), LauncherArchive.of(jar + java.io.File.pathSeparator + other));
        assertEquals(Optional.empty(), LauncherArchive.of(dir.toString()), "a directory of classes");
    }

    @Test
    void anArchiveOlderThanTheJarIsNotDecidedAndAnEmptyOneIsDecidedButNotUsable(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("satin.jar"), new byte[] {1});
        LauncherArchive archive = LauncherArchive.of(jar.toString()).orElseThrow();
        assertFalse(archive.decided(), "no archive yet");

        byte[] head = ByteBuffer.allocate(64).order(ByteOrder.nativeOrder())
                .putInt(StartupArchive.DYNAMIC_ARCHIVE_MAGIC).array();
        Files.write(archive.path(), head);
        Files.setLastModifiedTime(archive.path(), FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(2_000_000));
        assertFalse(archive.decided(), "the jar was rebuilt after the archive");
        assertFalse(archive.usable());

        Files.setLastModifiedTime(archive.path(), FileTime.fromMillis(3_000_000));
        assertTrue(archive.decided());
        assertTrue(archive.usable());
        assertTrue(archive.jvmOptions().contains("-XX:SharedArchiveFile=" + archive.path()), archive.jvmOptions()
                .toString());

        Files.write(archive.path(), new byte[0]);
        Files.setLastModifiedTime(archive.path(), FileTime.fromMillis(3_000_000));
        assertTrue(archive.decided(), "a failed training: do not train again for this jar");
        assertFalse(archive.usable());
    }
}
