package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.NodeFaults;
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
        assertEquals(RunReportFormat.VERSION, json.get("version").asInt());
        assertEquals("CRS", json.get("algorithm").asText());
        assertEquals(2000.0, json.get("mainMs").asDouble());
        assertEquals("n1", json.get("nodes").get(1).get("node").asText());
        assertEquals(150, json.get("total").get("jobsExecuted").asLong());
        assertEquals(0.75, json.get("breakdown").get("efficiency").asDouble(), 1e-9);
        assertEquals(3.0, json.get("breakdown").get("speedup").asDouble(), 1e-9);
        assertEquals(2000.0, json.get("total").get("runMs").asDouble());
        assertEquals(0.9, json.get("clusters").get(0).get("busy").asDouble(), 1e-9);
    }

    /**
     * Issue 29 item 18: one naming scheme, the text table's: camelCase field names everywhere, durations in
     * milliseconds, moments as ISO-8601 timestamps (no epoch milliseconds).
     */
    @Test
    void everyFieldIsCamelCaseAndMomentsAreIsoTimestamps(@TempDir Path dir) throws Exception {
        FaultReport faults = new FaultReport(true, List.of(new FaultReport.Loss("n2@c", 1_700_000_000_123L,
                1_700_000_000_135L)), List.of(NodeFaults.none("n0")), List.of(), "n0", List.of(), 1000);
        Path file = dir.resolve("s.json");
        RunReportFormat.writeJson(new RunReport("CRS", 2_000_000_000L, report.nodes(), 6.0, faults), file);
        JsonNode json = MultiNodeRuns.json(file);
        List<String> names = new java.util.ArrayList<>();
        collect(json, names);
        for (String name : names) {
            assertTrue(name.matches("[a-z][a-zA-Z]*"), "camelCase: " + name);
            assertFalse(name.endsWith("Nanos") || name.endsWith("Millis"), "durations in Ms: " + name);
        }
        JsonNode lost = json.get("faults").get("lost").get(0);
        assertEquals("2023-11-14T22:13:20.123Z", lost.get("firstDetected").asText());
        assertEquals("2023-11-14T22:13:20.135Z", lost.get("lastDetected").asText());
        assertEquals(1000, json.get("faults").get("detectionMs").asLong());
        for (String figure : List.of("jobsQueued", "spawnsInlined", "jobsExecuted", "localSteals", "runMs", "idleMs")) {
            assertTrue(json.get("total").has(figure), figure);
        }
    }

    private static void collect(JsonNode node, List<String> names) {
        node.fields().forEachRemaining(e -> {
            names.add(e.getKey());
            collect(e.getValue(), names);
        });
        node.elements().forEachRemaining(e -> collect(e, names));
    }
}
