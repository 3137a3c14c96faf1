package satin.runtime.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;
import satin.runtime.spawn.WorkerStatistics;

/** The statistics as text, shared by satin run --stats and satin.stats=on (issue 29 item 18). */
class ReportTextTest {

    private static NodeReport node(String name, String cluster, long workers, long jobs, long idleMillis) {
        return new NodeReport(name, cluster, workers, 10 * jobs, 0, jobs, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 400,
                2_000_000_000L, idleMillis * 1_000_000L, 0, 0, 0, 0, 0, 0, 0);
    }

    private final RunReport report = new RunReport("CRS", 2_000_000_000L,
            List.of(node("n0", "a", 2, 100, 400), node("n1", "b", 2, 50, 800)), 6.0);

    @Test
    void aPoolsSummaryHasStealsPerLevelEfficiencyPerClusterAndTheSpeedup() {
        String text = ReportText.nodes(report, StatsDetail.SUMMARY);
        assertEquals(List.of(
                "satin statistics (2 nodes, CRS, main ran 2000 ms):",
                "  jobs      150 executed: 1500 queued (stealable), 0 spawns inlined, 0 aborted",
                "  steals    local 0/0, intra-cluster 0/0, wide-area 2/0 (got a job / attempts)",
                "  busy      a 90.0%, b 80.0% (efficiency per cluster: the workers' time not spent looking for work)",
                "  speedup   3.00x, efficiency 75.0% (sequential time 6000 ms, 4 workers)",
                "fault tolerance: off (a lost node ends the run)"), text.lines().toList());
    }

    @Test
    void theFullReportHasTablesNamedAsTheJsonAndThePapersBreakdown() {
        String text = ReportText.nodes(report, StatsDetail.FULL);
        assertTrue(text.startsWith("satin statistics (2 nodes, CRS, main ran 2000 ms):\n  jobs "), text);
        assertTrue(text.contains("efficiency 75.0% (t_s 6.000 s, t_p 2.000 s on 4 CPUs, t_perfect 1.500 s)\n"), text);
        List<String> lines = text.lines().toList();
        assertEquals(List.of("node", "cluster", "workers", "jobsQueued", "spawnsInlined", "jobsExecuted",
                "jobsExported", "jobsAborted", "wastedMs"), List.of(lines.get(5).split("\\s+")));
        assertEquals(List.of("n0", "a", "2", "1000", "0", "100", "0", "0", "0.000"),
                List.of(lines.get(6).split("\\s+")));
        assertTrue(lines.contains("node      runMs    idleMs  stealWaitMs  cpuMs"), text);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("total ")), text);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 140), "no 260-character lines: " + text);
        assertFalse(text.substring(0, text.indexOf("fault tolerance")).contains("_"), "camelCase names: " + text);
    }

    @Test
    void oneJvmHasTheSameColumnNamesPerWorker() {
        List<WorkerStatistics> workers = List.of(
                new WorkerStatistics(0, 10, 4, 7, 3, 1, 2_000_000, 1_000_000, 2, 1_500_000),
                new WorkerStatistics(1, 0, 0, 2, 5, 2, 2_000_000, 0, 1, 250_000));
        List<String> summary = ReportText.oneJvm(workers, 15_000_000, -1, StatsDetail.SUMMARY).lines().toList();
        assertEquals(List.of("satin statistics (2 workers, main ran 15 ms):",
                "  jobs      9 executed: 6 queued (stealable), 4 spawns inlined, 3 aborted",
                "  steals    local 3/8 (got a job / attempts)",
                "  busy      75.0% (efficiency: the workers' time not spent looking for work)"), summary);
        List<String> lines = ReportText.oneJvm(workers, 15_000_000, -1, StatsDetail.FULL).lines().toList();
        assertEquals(List.of("worker", "jobsQueued", "spawnsInlined", "jobsExecuted", "localStealAttempts",
                "localSteals", "runMs", "idleMs", "jobsAborted", "wastedMs"), List.of(lines.get(4).trim().split("\\s+")));
        assertEquals(List.of("total", "6", "4", "9", "8", "3", "2.000", "1.000", "3", "1.750"),
                List.of(lines.get(7).trim().split("\\s+")));
    }

    @Test
    void detectionMomentsAreIsoTimestamps() {
        FaultReport f = new FaultReport(true, List.of(new FaultReport.Loss("node1@c1", 1_700_000_000_123L,
                1_700_000_000_135L)), List.of(NodeFaults.none("node0@c0")), List.of(), "node0@c0", List.of(), 1000);
        String text = ReportText.faults(f, StatsDetail.SUMMARY);
        assertTrue(text.contains("  node1@c1: detected at 2023-11-14T22:13:20.123Z (all live nodes knew 12 ms later)"),
                text);
        assertFalse(text.contains("requeued"), "the table only in full: " + text);
        assertTrue(ReportText.faults(f, StatsDetail.FULL).contains("node      requeued  reExecutionMs"),
                ReportText.faults(f, StatsDetail.FULL));
    }
}
