package satin.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.samples.raytracer.RayTracer;
import satin.samples.raytracer.Scene;
import satin.samples.raytracer.Tracer;
import satin.samples.testing.Jvms;

/**
 * Programs in the original's style, started with plain {@code java} on one JVM: main starts the runtime itself,
 * on the number of workers a system property asks for, and every program's answer is checked.
 */
@Timeout(180)
class PlainJavaTest {

    @TempDir
    Path dir;

    @Test
    void plainJavaRunsMainOnTheRequestedWorkersAndTheProbeSeesBothOfThem() throws Exception {
        try (Jvms jvms = new Jvms(dir)) {
            jvms.start("cores", Map.of("satin.workers", "2"), "satin.samples.probe.Cores", "2");
            jvms.start("sequential", Map.of("satin.bootstrap", "off"), "satin.samples.probe.Cores", "1");
            Map<String, Jvms.Result> r = jvms.await(120);
            assertEquals("threads used: 2 of 2 expected (16 leaves)\n", r.get("cores").out(), r.get("cores")::toString);
            assertEquals("threads used: 1 of 1 expected (8 leaves)\n", r.get("sequential").out(),
                    r.get("sequential")::toString);
        }
    }

    @Test
    void theRayTracerKnapsackAndShapesGiveTheirCheckedAnswers() throws Exception {
        try (Jvms jvms = new Jvms(dir)) {
            Map<String, String> twoWorkers = Map.of("satin.workers", "2", "satin.stats", "on");
            jvms.start("raytracer", twoWorkers, "satin.samples.raytracer.RayTracer", "120", "90");
            jvms.start("knapsack", twoWorkers, "satin.samples.knapsack.Knapsack", "34");
            jvms.start("shapes", twoWorkers, "satin.samples.shapes.Areas", "2000");
            Map<String, Jvms.Result> r = jvms.await(150);
            String expected = RayTracer.sha256(Tracer.renderSequentially(new Scene(120, 90, 2)));
            assertTrue(r.get("raytracer").out().startsWith("image 120x90 of 121 objects, sha256 " + expected
                    + " (bit-identical to the sequential render)\n"), r.get("raytracer")::toString);
            assertTrue(r.get("knapsack").out().matches("knapsack of 34 items, capacity \\d+: best value \\d+ \\(checked\\)\n"),
                    r.get("knapsack")::toString);
            assertTrue(r.get("shapes").out().matches("shapes: \\d+ cells in 2001 shapes .* \\(checked\\)\n"),
                    r.get("shapes")::toString);
            for (Jvms.Result each : r.values()) {
                assertEquals(0, each.exit(), each::toString);
                assertTrue(each.err().contains("satin statistics (2 workers"), each::toString);
            }
        }
    }

    @Test
    void abortStopsAHopelessSearchRunningOnTheOtherWorker() throws Exception {
        try (Jvms jvms = new Jvms(dir)) {
            // the hopeless searches never end by themselves: the run ends only if abort() stops the one the other
            // worker runs (and drops the one still queued)
            jvms.start("speculate", Map.of("satin.workers", "2", "satin.stats", "full"),
                    "satin.samples.speculate.Speculate", dir.resolve("started").toString(), "2");
            Jvms.Result r = jvms.await(120).get("speculate");
            assertEquals(0, r.exit(), r::toString);
            assertEquals("answer 42\n", r.out(), r::toString);
            List<String> header = List.of(r.err().lines().filter(l -> l.startsWith("worker ")).findFirst()
                    .orElseThrow().trim().split("\\s+"));
            String[] total = r.err().lines().filter(l -> l.startsWith("total ")).findFirst().orElseThrow().trim()
                    .split("\\s+");
            assertTrue(Long.parseLong(total[header.indexOf("jobsAborted")]) >= 2, r.err());
            assertTrue(Double.parseDouble(total[header.indexOf("wastedMs")]) > 0, r.err());
        }
    }
}
