package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code satin run --wan} with local {@code --nodes}: every node JVM of a cluster sends to the other cluster on one
 * shared wide-area path (the {@code ipl.wan.paths} file, in {@code ipl}'s {@code MappedWanPaths} layout), the launcher's
 * own file is gone when the run ends, and a file the user names is used as it is and kept.
 *
 * <p>Which file the nodes use is seen from outside, in each node JVM's shared mappings ({@code /proc/PID/maps}); the
 * file's layout is read here directly (slots of 64 bytes, slot 0 the header; a slot's first long is the FNV-1a
 * hash of {@code from->to}, 0 when free; its seventh the packets sent): what the nodes wrote, not what they say.
 */
@Timeout(240)
class WanPathSharingTest {

    private static final String TREE = "satin.runtime.testapps.SlowTreeMain";
    private static final int SLOTS = 1024;
    private static final int SLOT = 64;

    @TempDir
    Path dir;

    @Test
    void nodesShareOnePathPerClusterPairThroughATemporaryFileRemovedAtTheEnd() throws Exception {
        CompletableFuture<MultiNodeRuns.Outcome> run = CompletableFuture.supplyAsync(() -> MultiNodeRuns.run(
                "--nodes", "4", "--clusters", "2", "--workers", "1", "--wan", "table2.1-20ms-1000KBs", TREE, "256",
                "20"));
        Path file = awaitAllNodesMapping(run, name -> name.startsWith("satin-wan-paths-") && name.endsWith(".map"));
        // mapped now, while it exists: the mapping outlives the file's removal, so the nodes' writes stay readable
        ByteBuffer map = map(file);
        MultiNodeRuns.Outcome o = run.join();
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().startsWith("slow tree 256 = "), o.describe());
        assertFalse(Files.exists(file), "the launcher's wide-area path file outlived the run: " + file);
        assertOnePathPerClusterPair(map);
    }

    @Test
    void aPathFileTheUserNamesIsUsedAsItIsAndKept() throws Exception {
        Path file = dir.resolve("my-paths.map");
        CompletableFuture<MultiNodeRuns.Outcome> run = CompletableFuture.supplyAsync(() -> MultiNodeRuns.run(
                "--nodes", "4", "--clusters", "2", "--workers", "1", "--wan", "table2.1-20ms-1000KBs",
                "--ipl-setting", "ipl.wan.paths=" + file, TREE, "256", "20"));
        // every node JVM maps the user's file, and none maps a file of the launcher's making
        Path seen = awaitAllNodesMapping(run, name -> name.endsWith(".map"));
        MultiNodeRuns.Outcome o = run.join();
        assertEquals(0, o.exit(), o.describe());
        assertEquals(file.toRealPath(), seen.toRealPath(), "the nodes mapped another path file than the user's");
        assertTrue(Files.exists(file), "the user's path file was removed");
        assertOnePathPerClusterPair(map(file));
    }

    /**
     * Waits until all four node JVMs of the run (this JVM's child processes) have mapped one path file whose name
     * passes {@code wanted}, and returns it; fails if the run ends first or two node JVMs map different files.
     */
    private static Path awaitAllNodesMapping(CompletableFuture<MultiNodeRuns.Outcome> run,
            Predicate<String> wanted) throws InterruptedException {
        Map<Long, Path> mapped = Map.of();
        while (!run.isDone()) {
            mapped = mappedFiles(wanted);
            java.util.Set<Path> files = new java.util.HashSet<>(mapped.values());
            assertTrue(files.size() <= 1, "node JVMs of one run map different path files: " + mapped);
            if (mapped.size() == 4) {
                return files.iterator().next();
            }
            Thread.sleep(5); // polling /proc for the node JVMs' mappings; the run's end also ends the loop
        }
        throw new AssertionError("the run ended before all four node JVMs were seen mapping a path file (seen: "
                + mapped + "): " + run.join().describe());
    }

    /** Per node JVM (child of this one) that maps one: the file it has mapped shared whose name passes {@code wanted}. */
    private static Map<Long, Path> mappedFiles(Predicate<String> wanted) {
        Map<Long, Path> found = new HashMap<>();
        ProcessHandle.current().descendants().forEach(p -> {
            List<String> maps;
            try {
                maps = Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "maps"));
            } catch (IOException | RuntimeException gone) {
                return;
            }
            for (String line : maps) {
                String[] f = line.trim().split("\\s+", 6);
                if (f.length == 6 && f[1].endsWith("s") && f[5].startsWith("/")) {
                    Path file = Path.of(f[5]);
                    if (wanted.test(file.getFileName().toString())) {
                        Path before = found.put(p.pid(), file);
                        assertTrue(before == null || before.equals(file), "node JVM " + p.pid()
                                + " maps two path files: " + before + ", " + file);
                    }
                }
            }
        });
        return found;
    }

    /** Exactly the two directions between cluster0 and cluster1 are claimed, and each carried packets. */
    private static void assertOnePathPerClusterPair(ByteBuffer map) {
        Map<Long, Long> packetsByKey = new HashMap<>();
        for (int slot = 1; slot < SLOTS; slot++) {
            long key = map.getLong(slot * SLOT);
            if (key != 0) {
                packetsByKey.put(key, map.getLong(slot * SLOT + 48));
            }
        }
        long there = key("cluster0->cluster1");
        long back = key("cluster1->cluster0");
        assertEquals(java.util.Set.of(there, back), packetsByKey.keySet(),
                "the wide-area paths claimed by the four node JVMs: " + packetsByKey);
        assertTrue(packetsByKey.get(there) > 0 && packetsByKey.get(back) > 0, packetsByKey.toString());
    }

    private static ByteBuffer map(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, (long) SLOTS * SLOT).order(ByteOrder.nativeOrder());
        }
    }

    /** FNV-1a of the UTF-8 bytes, never 0: the slot key of {@code MappedWanPaths}. */
    private static long key(String name) {
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h == 0 ? 1 : h;
    }
}
