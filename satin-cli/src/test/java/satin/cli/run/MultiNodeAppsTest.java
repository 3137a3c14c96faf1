package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-JVM runs of other programs and transports (separate node processes), failures, and command-line
 * errors. Results are checked against the sequential result by the programs themselves ("(checked)").
 */
@Timeout(180)
class MultiNodeAppsTest {

    @TempDir
    Path dir;

    private static void assertEveryNodeRan(JsonNode json, int nodes) {
        assertEquals(nodes, json.get("nodes").size(), json.toPrettyString());
        for (JsonNode node : json.get("nodes")) {
            assertTrue(node.get("jobsExecuted").asLong() > 0, "every node ran jobs: " + json.toPrettyString());
        }
    }

    @Test
    void fibWithRandomStealingOverUdp() throws Exception {
        Path stats = dir.resolve("fib.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--algorithm", "RS", "--transport", "udp", "--stats-json", stats.toString(),
                "satin.runtime.testapps.FibMain", "29");
        assertEquals(0, o.exit(), o.describe());
        assertEquals("Fib 29 = 514229 on Worker\n", o.programOut(), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEveryNodeRan(json, 2);
        assertTrue(json.get("total").get("interClusterSteals").asLong() > 0, json.toPrettyString());
        assertEquals("RS", json.get("algorithm").asText());
    }

    @Test
    void nQueensWithRandomStealingOnThreeNodesInTwoClusters() throws Exception {
        Path stats = dir.resolve("queens.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--clusters", "2", "--workers", "1",
                "--algorithm", "RS", "--stats-json", stats.toString(), "satin.runtime.testapps.NQueensMain", "12");
        assertEquals(0, o.exit(), o.describe());
        assertEquals("queens 12 = 14200 (checked)\n", o.programOut(), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEquals(3, json.get("nodes").size(), json.toPrettyString());
        assertTrue(json.get("total").get("interClusterSteals").asLong() > 0, json.toPrettyString());
    }

    @Test
    void slowJobsReachEveryNodeOfFourInTwoClustersWithRs() throws Exception {
        Path stats = dir.resolve("payload.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "4", "--clusters", "2", "--workers", "1",
                "--algorithm", "RS", "--register", "satin.runtime.testapps.PayloadMain$Secret",
                "--stats-json", stats.toString(), "satin.runtime.testapps.PayloadMain", "96");
        assertEquals(0, o.exit(), o.describe());
        assertEquals("payloads seen: 96\n", o.programOut(), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEveryNodeRan(json, 4);
        assertTrue(json.get("total").get("interClusterSteals").asLong() > 0, json.toPrettyString());
        assertTrue(json.get("total").get("intraClusterSteals").asLong() > 0, json.toPrettyString());
    }

    @Test
    void userTypesAndARemoteExceptionWithCrsOverUdp() {
        MultiNodeRuns.Outcome ok = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--algorithm", "CRS", "--transport", "udp", "--stats", "satin.runtime.testapps.SumTreeMain",
                "600000");
        assertEquals(0, ok.exit(), ok.describe());
        assertTrue(ok.programOut().startsWith("sum 600000 = ") && ok.programOut().contains(" (checked)\n"),
                ok.describe());
        assertTrue(ok.programOut().contains("satin statistics (2 nodes, CRS"), ok.describe());

        MultiNodeRuns.Outcome thrown = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--algorithm", "CRS", "satin.runtime.testapps.SumTreeMain", "600000", "555555");
        assertEquals(0, thrown.exit(), thrown.describe());
        assertTrue(thrown.programOut().matches("caught IllegalStateException: leaf \\d+\\.\\.\\d+ refuses 555555\n"),
                thrown.describe());
    }

    /**
     * The udp example of docs/running.md on a correct run warns of nothing (issue 29 item 10: datagrams of a peer's
     * earlier stream after a reconnect were logged as warnings; they are expected and counted at debug level).
     */
    @Test
    void theUdpExampleOfTheGuideWarnsOfNothing() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "4", "--clusters", "2", "--algorithm", "RS",
                "--transport", "udp", "fib", "32");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("fib(32) = 2178309"), o.describe());
        assertFalse(o.err().contains("WARN") || o.err().contains("dropped datagram"), o.describe());
    }

    @Test
    void withoutFaultToleranceACrashedNodeFailsTheRunNamingTheNode() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--workers", "1", "--timeout", "30",
                "--no-fault-tolerance", "satin.runtime.testapps.SumTreeMain", "600000", "crash");
        assertNotEquals(0, o.exit(), o.describe());
        assertTrue(o.err().matches("(?s).*error: node node\\d@cluster0: node node\\d@cluster0 (died|left).*"),
                o.describe());
    }

    @Test
    void mainThrowingOnTheMasterExitsOneWithTheMessage() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "1", "satin.runtime.testapps.ThrowingMain");
        assertEquals(1, o.exit(), o.describe());
        assertTrue(o.err().contains("[node0] error: satin.runtime.testapps.ThrowingMain.main threw "
                + "java.lang.IllegalStateException: boom from main (on the master, node0@cluster0)"), o.describe());
    }

    @Test
    void badCommandLinesAreRejectedBeforeAnyNodeStarts() {
        MultiNodeRuns.Outcome clusters = MultiNodeRuns.run("--nodes", "2", "--clusters", "3", "x.Main");
        assertEquals(2, clusters.exit());
        assertTrue(clusters.err().contains("--clusters must be between 1 and --nodes (2), got 3"), clusters.err());
        MultiNodeRuns.Outcome algorithm = MultiNodeRuns.run("--nodes", "2", "--algorithm", "FIFO",
                "satin.runtime.testapps.FibMain", "3");
        assertEquals(2, algorithm.exit());
        assertTrue(algorithm.err().contains("unknown load-balancing policy 'FIFO' (expected RS or CRS)"),
                algorithm.err());
        MultiNodeRuns.Outcome transport = MultiNodeRuns.run("--nodes", "2", "--transport", "carrier-pigeon",
                "satin.runtime.testapps.FibMain", "3");
        assertEquals(2, transport.exit());
        assertTrue(transport.err().contains("unknown --transport 'carrier-pigeon'"), transport.err());
        MultiNodeRuns.Outcome registry = MultiNodeRuns.run("--registry", "localhost:1", "--nodes", "2",
                "satin.runtime.testapps.FibMain", "3");
        assertEquals(2, registry.exit());
        assertTrue(registry.err().contains("--registry needs --cluster NAME"), registry.err());
        MultiNodeRuns.Outcome unknown = MultiNodeRuns.run("--nodes", "2", "--bogus", "satin.runtime.testapps.FibMain");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("Unknown option: '--bogus'"), unknown.err());
    }
}
