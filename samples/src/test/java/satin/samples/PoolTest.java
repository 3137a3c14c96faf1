package satin.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.registry.RegistryServer;
import satin.samples.raytracer.RayTracer;
import satin.samples.raytracer.Scene;
import satin.samples.raytracer.Tracer;
import satin.samples.testing.Jvms;
import satin.samples.testing.NodeTable;
import satin.samples.testing.TestPool;

/**
 * The same programs on several JVMs in two clusters, each started with plain {@code java} and the documented
 * system properties, nothing registered by hand: the answers are right, every node ran jobs (so jobs with the
 * programs' class hierarchies, arrays, generic containers, records and enums travelled), and no node had to keep
 * a job for want of a registered class. Nodes may be started in any order: in the second test the node that
 * runs the registry starts last.
 */
@Timeout(240)
class PoolTest {
    /** The pools' secret, as a real run has one (the nodes and the test's registry read the same file). */
    private static final Path SECRET = TestPool.SECRET;

    private static RegistryServer registry() throws Exception {
        return TestPool.registry();
    }

    @TempDir
    Path dir;

    private static Map<String, String> node(String registry, int nodes, String name, String cluster,
            String transport) {
        Map<String, String> p = new TreeMap<>(Map.of("satin.registry", registry, "satin.nodes",
                Integer.toString(nodes), "satin.node", name, "satin.cluster", cluster, "satin.workers", "1",
                "satin.transport", transport, "satin.stats", "full", "satin.timeout", "120"));
        p.put("satin.pool", "pool-" + System.nanoTime());
        p.put("satin.pool-secret-file", SECRET.toString());
        return p;
    }

    private static void assertEveryNodeRanJobsAndNoneKeptAJob(Map<String, Jvms.Result> results, int nodes) {
        String all = results.values().toString();
        Jvms.Result master = results.values().stream().filter(r -> r.err().contains("satin statistics ("))
                .findFirst().orElseThrow(() -> new AssertionError("no statistics table\n" + all));
        Map<String, Long> jobs = NodeTable.jobsExecuted(master.err());
        assertEquals(nodes, jobs.size(), all);
        jobs.forEach((node, count) -> assertTrue(count > 0, node + " ran no job\n" + all));
        for (Jvms.Result r : results.values()) {
            assertEquals(0, r.exit(), r::toString);
            assertFalse(r.err().contains("not in the serialization list"), r::toString);
        }
    }

    @Test
    void theRayTracerOnTwoJvmsInTwoClustersOverUdpRendersTheSequentialImage() throws Exception {
        try (RegistryServer registry = registry().start(); Jvms jvms = new Jvms(dir)) {
            String pool = "raytracer-" + System.nanoTime();
            for (int i = 0; i < 2; i++) {
                Map<String, String> p = node(registry.address(), 2, "n" + i, "c" + i, "udp");
                p.put("satin.pool", pool);
                jvms.start("n" + i, p, "satin.samples.raytracer.RayTracer", "240", "180");
            }
            Map<String, Jvms.Result> results = jvms.await(200);
            String expected = RayTracer.sha256(Tracer.renderSequentially(new Scene(240, 180, 2)));
            String out = results.get("n0").out() + results.get("n1").out();
            assertTrue(out.startsWith("image 240x180 of 121 objects, sha256 " + expected
                    + " (bit-identical to the sequential render)\n"), results.values()::toString);
            assertEveryNodeRanJobsAndNoneKeptAJob(results, 2);
        }
    }

    @Test
    void shapesOnThreeJvmsInTwoClustersOverTcpWithTheRegistryInTheNodeStartedLast() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String registry = "127.0.0.1:" + port;
        String pool = "shapes-" + System.nanoTime();
        try (Jvms jvms = new Jvms(dir)) {
            for (int i = 0; i < 3; i++) {
                Map<String, String> p = node(registry, 3, "n" + i, i == 2 ? "c1" : "c0", "tcp");
                p.put("satin.pool", pool);
                if (i == 2) {
                    p.put("satin.registry.serve", "on"); // the others find no registry yet and try again
                }
                jvms.start("n" + i, p, "satin.samples.shapes.Areas", "20000", "40");
            }
            Map<String, Jvms.Result> results = jvms.await(200);
            String out = results.get("n0").out() + results.get("n1").out() + results.get("n2").out();
            assertTrue(out.matches("shapes: \\d+ cells in 20001 shapes .* \\(checked\\)\n"), results.values()::toString);
            assertEveryNodeRanJobsAndNoneKeptAJob(results, 3);
        }
    }
}
