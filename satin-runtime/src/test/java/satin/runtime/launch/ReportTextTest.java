package satin.runtime.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;
import satin.runtime.spawn.WorkerStatistics;

/** The statistics tables shared by satin run --stats and satin.stats=on. */
class ReportTextTest {

    private static NodeReport node(String name, String cluster, long workers, long jobs, long idleMillis) {
        return new NodeReport(name, cluster, workers, 10 * jobs, 0, jobs, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 400,
                2_000_000_000L, idleMillis * 1_000_000L, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void theNodeTableEndsWithTheBreakdownOfThePaper() {
        RunReport report = new RunReport("CRS", 2_000_000_000L,
                List.of(node("n0", "a", 2, 100, 400), node("n1", "b", 2, 50, 800)), 6.0);
        String text = ReportText.nodes(report);
        assertTrue(text.startsWith("satin statistics (2 nodes, CRS, main ran 2000 ms):"), text);
        assertTrue(text.contains("efficiency 75.0% (t_s 6.000 s, t_p 2.000 s on 4 CPUs"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("total ")), text);
    }

    @Test
    void theWorkerTableHasARowPerWorkerAndATotal() {
        String text = ReportText.workersHeader(2, 15) + ReportText.workers(List.of(
                new WorkerStatistics(0, 10, 4, 7, 3, 1, 2_000_000, 1_000_000, 2, 1_500_000),
                new WorkerStatistics(1, 0, 0, 2, 5, 2, 2_000_000, 0, 1, 250_000)));
        List<String> lines = text.lines().toList();
        assertEquals("satin statistics (2 workers, main ran 15 ms):", lines.get(0));
        assertEquals(List.of("worker", "spawns", "inlined", "jobs-executed", "steal-attempts", "steals", "run-ms",
                "idle-ms", "aborted", "wasted-ms"), List.of(lines.get(1).trim().split("\\s+")));
        assertEquals(List.of("total", "10", "4", "9", "8", "3", "4", "1", "3", "1.750"),
                List.of(lines.get(4).trim().split("\\s+")));
    }
}
