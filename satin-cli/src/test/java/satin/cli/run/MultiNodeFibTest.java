package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real multi-JVM runs: the launcher starts a registry and node processes; the program's output (printed once,
 * by the master) and the statistics the master collected from every node are checked.
 */
@Timeout(180)
class MultiNodeFibTest {

    @TempDir
    Path dir;

    @Test
    void fibOnFourNodesInTwoClustersWithCrs() throws Exception {
        // Fib 38 keeps the four workers busy for a few hundred ms at least: with Fib 30 (a few ms) the run could
        // end before a wide-area steal round trip on a loaded machine, and no job crossed clusters
        Path stats = dir.resolve("stats.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "4", "--clusters", "2", "--workers", "1",
                "--algorithm", "CRS", "--stats=full", "--stats-json", stats.toString(),
                "satin.runtime.testapps.FibMain", "38");
        assertEquals(0, o.exit(), o.describe());
        assertEquals(1, o.programOut().lines().filter(l -> l.startsWith("Fib ")).count(), o.describe());
        assertTrue(o.programOut().startsWith("Fib 38 = 39088169 on Worker\n"), o.describe());
        assertTrue(o.programOut().contains("satin statistics (4 nodes, CRS"), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEquals(4, json.get("nodes").size(), json.toPrettyString());
        long interSteals = 0;
        for (JsonNode node : json.get("nodes")) {
            interSteals += node.get("interClusterSteals").asLong();
            // nothing was aborted: no job is counted as aborted and no time as wasted
            assertEquals(0, node.get("jobsAborted").asLong(), json.toPrettyString());
            assertEquals(0, node.get("wastedMs").asDouble(), json.toPrettyString());
        }
        assertTrue(o.programOut().lines().anyMatch(l -> l.startsWith("node ") && l.contains(" jobsAborted  wastedMs")),
                o.describe());
        assertTrue(interSteals > 0, "jobs were stolen between clusters: " + json.toPrettyString());
        assertTrue(json.get("total").get("interClusterMessages").asLong() > 0, json.toPrettyString());
    }

    @Test
    void nodeJvmOptionsReachEveryNodeAndMayChooseTheCollector() throws Exception {
        // two collectors would make the JVM refuse to start, so this run fails unless the chosen one replaces
        // the launcher's default; the property reaches the node that prints the result
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--workers", "1",
                "--node-jvm-option=-XX:+UseParallelGC", "--node-jvm-option=-Dsatin.test.marker=seen",
                "satin.runtime.testapps.FibMain", "20");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().startsWith("Fib 20 = 6765 on Worker marker seen"), o.describe());
    }
}
