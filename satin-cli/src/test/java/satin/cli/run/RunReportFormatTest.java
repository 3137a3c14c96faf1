package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;

/** How {@code --stats-json} shows a run report (its figures and the text table are tested in the runtime). */
class RunReportFormatTest {

    private static NodeReport node(String name, String cluster, long workers, long jobs, long idleMillis) {
        return new NodeReport(name, cluster, workers, 10 * jobs, 0, jobs, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 400,
                2_000_000_000L, idleMillis * 1_000_000L, 0, 0, 0, 0, 0, 0, 0);
    }

    private final RunReport report = new RunReport("CRS", 2_000_000_000L,
            List.of(node("n0", "a", 2, 100, 400), node("n1", "b", 2, 50, 800)), 6.0);

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
