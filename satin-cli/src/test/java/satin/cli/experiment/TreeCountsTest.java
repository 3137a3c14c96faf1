package satin.cli.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeCountsTest {
    private static String node(String name, long intra, long inter, long wideAttempts) {
        return "{\"node\":\"" + name + "\",\"intraClusterMessages\":" + intra + ",\"intraClusterBytes\":" + 10 * intra
                + ",\"interClusterMessages\":" + inter + ",\"interClusterBytes\":" + 100 * inter
                + ",\"intraClusterStealAttempts\":" + intra / 2 + ",\"interClusterStealAttempts\":" + wideAttempts + "}";
    }

    @Test
    void theTreesCountsAreEachNodesEndLessItsStartSummed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(TreeCounts.START), "[" + node("node0", 100, 40, 20) + "," + node("node1", 60, 30, 15) + "]");
        Files.writeString(dir.resolve(TreeCounts.END), "[" + node("node1", 90, 50, 25) + "," + node("node0", 180, 44, 21) + "]");
        TreeCounts.Counts c = TreeCounts.read(dir, 2);
        assertEquals(new TreeCounts.Counts(80 + 30, 10 * 110, 4 + 20, 100 * 24, 40 + 15, 1 + 10), c);
    }

    @Test
    void eachNodesIdleTimeOverTheTreeIsItsEndLessItsStart(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(TreeCounts.START), "[" + idle(node("node0", 1, 1, 1), 5_000) + ","
                + idle(node("node1", 1, 1, 1), 7_000_000_000L) + "]");
        Files.writeString(dir.resolve(TreeCounts.END), "[" + idle(node("node1", 2, 2, 2), 7_250_000_000L) + ","
                + idle(node("node0", 2, 2, 2), 3_000_005_000L) + "]");
        assertEquals(java.util.Map.of("node0", 3_000_000_000L, "node1", 250_000_000L), TreeCounts.idleOverTree(dir, 2),
                "node1 idled 7 s before the tree (the warm-up's end and the gap) and 0.25 s in it");
        Files.writeString(dir.resolve(TreeCounts.START), "[" + node("node0", 1, 1, 1) + "," + node("node1", 1, 1, 1) + "]");
        assertNull(TreeCounts.idleOverTree(dir, 2), "files written before idle time was in them");
        assertNull(TreeCounts.idleOverTree(dir, 3), "a node missing (another host JVM's)");
    }

    private static String idle(String node, long idleNanos) {
        return node.substring(0, node.length() - 1) + ",\"idleNanos\":" + idleNanos + "}";
    }

    @Test
    void withoutEveryNodeAtBothEndsTheCountsAreNotTheTrees(@TempDir Path dir) throws Exception {
        assertNull(TreeCounts.read(dir, 2), "no files");
        Files.writeString(dir.resolve(TreeCounts.START), "[" + node("node0", 1, 1, 1) + "," + node("node1", 1, 1, 1) + "]");
        Files.writeString(dir.resolve(TreeCounts.END), "[" + node("node0", 2, 2, 2) + "]");
        assertNull(TreeCounts.read(dir, 2), "a node missing at the end (another host JVM's)");
        Files.writeString(dir.resolve(TreeCounts.END), "[" + node("node0", 2, 2, 2) + "," + node("node2", 2, 2, 2) + "]");
        assertNull(TreeCounts.read(dir, 2), "other nodes at the end");
    }
}
