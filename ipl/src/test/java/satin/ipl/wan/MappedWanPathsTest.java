package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.IplException;
import satin.wanmodel.PathState;

/** The run's path file: every mapping sees one state per cluster pair, and its lock makes updates exclusive. */
class MappedWanPathsTest {

    @Test
    void twoMappingsShareOnePathPerClusterPairAndNoOther(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("paths");
        WanPaths one = WanPaths.mapped(file);
        WanPaths two = WanPaths.mapped(file);
        SharedPath ab = one.path("A", "B");
        assertEquals(PathState.NEVER, ab.freeAt(), "a new path has never been used");
        assertEquals(PathState.NEVER, ab.lastArrival());
        ab.freeAt(123);
        ab.lastActive(-5);
        ab.timeouts(7);
        SharedPath same = two.path("A", "B");
        assertEquals(123, same.freeAt());
        assertEquals(-5, same.lastActive());
        assertEquals(7, same.timeouts());
        assertEquals(PathState.NEVER, two.path("B", "A").freeAt(), "each direction is a path of its own");
        assertEquals(PathState.NEVER, two.path("A", "C").freeAt());
    }

    @Test
    void theLockMakesReadModifyWriteExclusiveAcrossMappings(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("paths");
        int threads = 4;
        int rounds = 20_000;
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            SharedPath p = WanPaths.mapped(file).path("A", "B"); // a mapping each, as separate processes have
            Thread th = new Thread(() -> {
                for (int i = 0; i < rounds; i++) {
                    p.lock();
                    try {
                        p.timeouts(p.timeouts() + 1);
                    } finally {
                        p.unlock();
                    }
                }
            });
            all.add(th);
            th.start();
        }
        for (Thread th : all) {
            th.join();
        }
        assertEquals((long) threads * rounds, WanPaths.mapped(file).path("A", "B").timeouts());
    }

    @Test
    void aFileOfOtherDataIsRefusedByName(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "these are somebody's notes, not WAN paths");
        IplException e = assertThrows(IplException.class, () -> WanPaths.mapped(file));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("not one"), e.getMessage());
    }
}
