package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.runtime.node.NodeReport;
import satin.runtime.node.RunReport;

/** How {@code --stats} and {@code --stats-json} show a run report (its figures are tested in the runtime). */
class RunReportFormatTest {

    private static NodeReport node(String name, String cluster, long workers, long jobs, long idleMillis) {
        return new NodeReport(name, cluster, workers, 10 * jobs, 0, jobs, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 400,
                2_000_000_000L, idleMillis * 1_000_000L, 0, 0);
    }

    private final RunReport report = new RunReport("CRS", 2_000_000_000L,
            List.of(node("n0", "a", 2, 100, 400), node("n1", "b", 2, 50, 800)), 6.0);

    @Test
    void theTableEndsWithTheBreakdownOfThePaper() {
        String text = RunReportFormat.text(report);
        assertTrue(text.startsWith("satin statistics (2 nodes, CRS, main ran 2000 ms):"), text);
        assertTrue(text.contains("efficiency 75.0% (t_s 6.000 s, t_p 2.000 s on 4 CPUs"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("total ")), text);
    }

    @Test
    void jsonHoldsNodesTotalAndBreakdown(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.json");
        RunReportFormat.writeJson(report, file);
        JsonNode json = MultiNodeRuns.json(file);
        assertEquals("CRS", json.get("algorithm").asText());
        assertEquals(2000.0, json.get("main_ms").asDouble());
        assertEquals("n1", json.get("nodes").get(1).get("node").asText());
        assertEquals(150, json.get("total").get("jobsExecuted").asLong());
        assertEquals(0.75, json.get("breakdown").get("efficiency").asDouble(), 1e-9);
    }
}
