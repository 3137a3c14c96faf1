package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inlets and abort across JVMs: two node processes in two clusters, over tcp and over udp. An inlet's exception
 * thrown by a stolen job travels back as an object; abort() of a job another node runs reaches that node.
 */
@Timeout(180)
class MultiNodeModelTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "udp"})
    void abortStopsAHopelessSearchRunningOnTheOtherNode(String transport) throws Exception {
        Path stats = dir.resolve("speculate.json");
        Path marker = dir.resolve("started");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "--stats-json", stats.toString(), "satin.samples.speculate.Speculate",
                marker.toString(), "2");
        assertEquals(0, o.exit(), o.describe());
        assertEquals("answer 42\n", o.programOut(), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        // The hopeless searches never end by themselves. The master's single worker runs the promising search, which
        // answers only once a hopeless search has started, so one runs on the other node: that node cancelled a
        // job only because the ABORT message reached it; the master dropped the other, still queued.
        for (JsonNode node : json.get("nodes")) {
            assertTrue(node.get("jobsAborted").asLong() >= 1, json.toPrettyString());
        }
        assertFalse(o.err().contains("still runs a job"), o.describe());
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "udp"})
    void votingWithInletsAndAbortGivesTheSequentialMajority(String transport) {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "vote", "400000", "0", "2000");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed"), o.describe());
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "udp"})
    void speculativeQueensFindsAValidPlacement(String transport) {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "queensfirst", "18", "3");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed"), o.describe());
    }
}
