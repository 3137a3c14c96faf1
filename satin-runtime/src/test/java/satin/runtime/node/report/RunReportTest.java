package satin.runtime.node.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The figures of a run report; how the command line prints them is tested with the command line. */
class RunReportTest {

    private static NodeReport node(String name, String cluster, long workers, long jobs, long idleMillis) {
        return new NodeReport(name, cluster, workers, 10 * jobs, 0, jobs, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 400,
                2_000_000_000L, idleMillis * 1_000_000L, 0, 0, 0, 0, 0, 0, jobs * 1_000L); // the last: wasted ns
    }

    private final RunReport report = new RunReport("CRS", 2_000_000_000L,
            List.of(node("n0", "a", 2, 100, 400), node("n1", "b", 2, 50, 800)), 6.0);

    @Test
    void totalsAddUpAndRunTimeIsTheLongest() {
        NodeReport t = report.total();
        assertEquals(4, t.workers());
        assertEquals(150, t.jobsExecuted());
        assertEquals(1500, t.spawns());
        assertEquals(2, t.interClusterSteals());
        assertEquals(8, t.interClusterMessages());
        assertEquals(800, t.interClusterBytes());
        assertEquals(2_000_000_000L, t.runNanos());
        assertEquals(1_200_000_000L, t.idleNanos());
        assertEquals(150_000L, t.wastedNanos());
    }

    @Test
    void breakdownFollowsThePaper() {
        // t_s 6 s on 4 CPUs: t_perfect 1.5 s; t_p 2 s: efficiency 75%; t_comm = 1.2 s / 4 = 0.3 s: 20%;
        // parallelization overhead (2 - 0.3 - 1.5) / 1.5 = 13.3%.
        Map<String, Double> b = report.breakdown();
        assertEquals(1500, b.get("perfectMs"), 1e-6);
        assertEquals(0.75, b.get("efficiency"), 1e-9);
        assertEquals(3.0, b.get("speedup"), 1e-9);
        assertEquals(300, b.get("commMs"), 1e-6);
        assertEquals(0.2, b.get("communicationOverhead"), 1e-9);
        assertEquals(0.2 / 1.5, b.get("parallelizationOverhead"), 1e-9);
        assertTrue(new RunReport("RS", 1, report.nodes(), -1).breakdown().isEmpty());
    }

    @Test
    void eachClusterIsAsBusyAsItsWorkersWereNotIdle() {
        // cluster a: 2 workers for 2 s, 0.4 s idle: 90%; cluster b: 0.8 s idle of 4 s: 80%
        List<RunReport.ClusterShare> c = report.clusters();
        assertEquals(List.of("a", "b"), c.stream().map(RunReport.ClusterShare::cluster).toList());
        assertEquals(0.9, c.get(0).busy(), 1e-9);
        assertEquals(0.8, c.get(1).busy(), 1e-9);
        assertEquals(2, c.get(1).workers());
    }

    /** Issue 29 item 18: one name per figure, camelCase, durations in Ms, in the text tables and the JSON. */
    @Test
    void everyFigureHasOneCamelCaseNameAndDurationsEndInMs() {
        java.util.Set<String> names = new java.util.HashSet<>();
        List<Figure<?>> all = new java.util.ArrayList<>();
        Figures.NODE.forEach(g -> all.addAll(g.figures()));
        all.addAll(Figures.FAULTS);
        for (Figure<?> f : all) {
            assertTrue(f.name().matches("[a-z][a-zA-Z]*"), f.name());
            assertEquals(f.duration(), f.name().endsWith("Ms"), f.name());
            assertTrue(names.add(f.name()), "named twice: " + f.name());
        }
        assertTrue(names.containsAll(Figures.ONE_JVM.stream().map(Figure::name).toList()));
        assertTrue(!names.contains("spawns"), "no figure claims to count every spawn");
    }
}
