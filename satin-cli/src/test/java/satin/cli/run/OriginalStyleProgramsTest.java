package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.samples.raytracer.RayTracer;
import satin.samples.raytracer.Scene;
import satin.samples.raytracer.Tracer;

/**
 * {@code satin run} with a program written for the original Satin (after renaming the package): the ray tracer
 * whose scene is built by a spawning constructor and whose objects are a class hierarchy with concrete bases,
 * on two node JVMs in two clusters, with no {@code --register}; and a {@code --register} name that does not exist.
 */
@Timeout(180)
class OriginalStyleProgramsTest {

    @TempDir
    Path dir;

    @Test
    void theRayTracerRunsOnTwoNodesInTwoClustersWithoutRegisteringAnything() throws Exception {
        Path stats = dir.resolve("stats.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--stats-json", stats.toString(), "satin.samples.raytracer.RayTracer", "200", "150");
        assertEquals(0, o.exit(), o.describe());
        String expected = RayTracer.sha256(Tracer.renderSequentially(new Scene(200, 150, 2)));
        assertTrue(o.programOut().startsWith("image 200x150 of 121 objects, sha256 " + expected
                + " (bit-identical to the sequential render)\n"), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        for (JsonNode node : json.get("nodes")) {
            assertTrue(node.get("jobsExecuted").asLong() > 0, "every node ran jobs: " + json.toPrettyString());
        }
        assertTrue(!o.err().contains("not in the serialization list"), o.describe());
    }

    @Test
    void aRegisterNameThatIsNoClassIsRefusedBeforeAnyNodeStarts() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--register", "satin.samples.raytracer.Vector3D[],"
                + "satin.samples.raytracer.Vektor[]", "satin.samples.raytracer.RayTracer", "8", "8");
        assertEquals(2, o.exit(), o.describe());
        assertTrue(o.err().contains("error: --register: no class 'satin.samples.raytracer.Vektor[]' on the program's"
                + " class path (write classes as Java does: a.b.Shape, a.b.Outer.Inner, a.b.Shape[])"), o.describe());
    }
}
