package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31's memory check, in the chaos profile (about a minute): 600 rounds of 8 stolen jobs that each return 1 MB,
 * four node JVMs at {@code -Xmx512m}, fault tolerance on, and node2 killed in the same run. Each node keeps the
 * results it sent for its owners' crash, bounded in bytes (a sixteenth of the heap: 32 MB here): the answer is right,
 * node2's work is recovered, and every node's live heap (after each full collection) stays far below the heap
 * (before the bound, a node kept every result and ran out of memory). The figures (heap after young and after full
 * collections, per node) are printed. {@code mvn test -Pchaos -Dtest=KeptResultsMemoryTest} ({@code chaos.runs} set by the profile).
 */
@Timeout(600)
@EnabledIfSystemProperty(named = "chaos.runs", matches = "\\d+")
class KeptResultsMemoryTest {
    /** A collection's line in -Xlog:gc: "... Pause Young (Allocation Failure) 130M->45M(494M) 3.2ms". */
    private static final Pattern PAUSE = Pattern.compile("Pause .*\\) (\\d+)M->(\\d+)M\\((\\d+)M\\)");

    @TempDir
    Path dir;

    @Test
    void sixHundredRoundsOfEightMegabyteResultsKeepEveryNodeFlatAndAKilledNodeIsRecovered() throws Exception {
        Path stats = dir.resolve("stats.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "4", "--clusters", "2", "--workers", "1",
                "--node-jvm-option=-Xmx512m", "--node-jvm-option=-Xlog:gc:file=" + dir.resolve("gc-%p.log"),
                "--kill", "node2@300j", "--stats", "--stats-json", stats.toString(),
                "satin.runtime.testapps.MegabyteResultsMain", "600", "8", "1024");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("megabyte results: 600 rounds of 8 x 1024 KB, checksum ")
                && o.programOut().contains("(checked)"), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEquals(java.util.Set.of("node2@cluster0"), MultiNodeRuns.lost(json), json.toPrettyString());
        List<String> figures = new ArrayList<>();
        List<Path> logs;
        try (var files = Files.list(dir)) {
            logs = files.filter(p -> p.getFileName().toString().startsWith("gc-")).sorted().toList();
        }
        assertEquals(4, logs.size(), logs.toString());
        for (Path log : logs) {
            List<Integer> young = new ArrayList<>();
            List<Integer> full = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                Matcher m = PAUSE.matcher(line);
                if (m.find()) {
                    (line.contains("Pause Full") ? full : young).add(Integer.parseInt(m.group(2)));
                }
            }
            // after a young collection the heap still holds the old generation's garbage (results promoted while in
            // flight): only a full collection shows what is live
            int largestFull = full.stream().mapToInt(Integer::intValue).max().orElse(0);
            figures.add(log.getFileName() + ": " + young.size() + " young collections (heap after: largest "
                    + young.stream().mapToInt(Integer::intValue).max().orElse(0) + " MB, last "
                    + (young.isEmpty() ? "-" : young.get(young.size() - 1)) + " MB), " + full.size()
                    + " full (heap after: " + full + " MB)");
            // flat: what a node keeps is bounded (32 MB here) and the rest is garbage after each round
            assertTrue(largestFull < 200, log + ": live heap after a full GC reached " + largestFull + " MB\n"
                    + figures);
        }
        System.out.println("kept-results memory (-Xmx512m, 600 x 8 x 1 MB, node2 killed):\n  "
                + String.join("\n  ", figures));
    }
}
