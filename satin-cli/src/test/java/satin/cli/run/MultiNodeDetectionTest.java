package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * No false positives: a run over emulated wide-area links with high latency and a fifth of the udp datagrams lost,
 * with a short detection time, declares nobody dead and ends with the right answer (separate node JVMs).
 */
@Timeout(240)
class MultiNodeDetectionTest {

    private static final String TREE = "satin.runtime.testapps.SlowTreeMain";

    @TempDir
    Path dir;

    @Test
    void highLatencyAndTwentyPercentUdpLossKillNobody() throws Exception {
        Path stats = dir.resolve("lossy.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--clusters", "2", "--workers", "1",
                "--transport", "udp", "--wan", "table2.1-200ms-100KBs", "--ipl-setting", "ipl.udp.fault.loss=0.2",
                "--detection-time", "1000", "--stats", "--stats-json", stats.toString(), TREE, "256", "20");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().startsWith("slow tree 256 = ") && o.programOut().contains(" (checked)\n"),
                o.describe());
        assertTrue(o.programOut().contains("fault tolerance: on; nodes lost: none\n"), o.describe());
        assertTrue(o.programOut().contains("detection time: 1000 ms"), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEquals(0, json.get("faults").get("lost").size(), json.toPrettyString());
        assertEquals(1000, json.get("faults").get("detectionMs").asLong(), json.toPrettyString());
        assertEquals(3, json.get("nodes").size(), json.toPrettyString());
        // the links between the clusters were used, lossy as they were: the tree lasts about 2.5 s on the two nodes of
        // cluster0 alone, a dozen wide-area round trips of 200 ms, and a lost datagram costs its stream a retransmission
        // timeout of the path's round trip on loopback (tens of ms), so the thief in cluster1 gets a job
        long wide = 0;
        for (JsonNode n : json.get("nodes")) {
            wide += n.get("interClusterSteals").asLong();
        }
        assertTrue(wide > 0, json.toPrettyString());
        assertEquals(0, json.get("faults").get("total").get("requeued").asLong(), json.toPrettyString());
    }

    @Test
    void badIplSettingsAreRejected() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--ipl-setting", "loss", TREE, "8");
        assertEquals(2, o.exit());
        assertTrue(o.err().contains("--ipl-setting wants KEY=VALUE with an ipl.* key, got 'loss'"), o.err());
    }
}
