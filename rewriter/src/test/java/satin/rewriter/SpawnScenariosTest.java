package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.samples.good.Scenarios;
import satin.rewriter.testing.KeyValueRun;
import satin.rewriter.testing.OnWorkers;
import satin.rewriter.testing.Remap;
import satin.rewriter.testing.Samples;
import satin.rewriter.testing.Verification;

/**
 * Rewrites the scenario samples and runs them in fresh JVMs: off worker threads (every spawn inline), on a
 * real runtime's two workers, and with a stand-in that defers every spawn to its sync() (alone, and
 * alternating with inline calls). Each run must print exactly what the unrewritten program computes in this JVM.
 * Among the scenarios: spawns in constructors, in a static initializer, and a knapsack whose spawns and sync() are
 * guarded by the same threshold.
 */
class SpawnScenariosTest {

    /** Keeps the rewritten main from starting a runtime: these runs are about spawns off workers. */
    private static final String SEQUENTIAL = "-Dsatin.bootstrap=off";

    @TempDir
    static Path temp;
    static Path rewritten;
    static Path deferred;
    static RewriteReport report;

    @BeforeAll
    static void rewrite() throws Exception {
        rewritten = temp.resolve("rewritten");
        Samples.copy("satin/rewriter/samples/good", rewritten);
        report = new ClassTreeRewriter().rewrite(List.of(rewritten), Samples.classPathWithoutSamples());
        deferred = temp.resolve("deferred");
        Remap.toDeferredSpawns(rewritten, deferred);
    }

    @Test
    void rewritesWithoutDiagnostics() {
        assertEquals(List.of(), report.diagnostics());
        // StaticInit is left as it is: its only spawns are in its static initializer, which runs them as calls
        assertEquals(8, report.classesRewritten(), report.summary());
        assertTrue(report.spawnSites() > 50, report.summary());
    }

    @Test
    void everyClassPassesCheckClassAdapter() throws Exception {
        assertEquals(report.classesScanned() + report.recordsGenerated(), Verification.checkAll(rewritten));
    }

    @Test
    void rewrittenRunMatchesSequentialProgram() throws Exception {
        assertEquals(expected(), run(rewritten, List.of(SEQUENTIAL)));
    }

    @Test
    void deferredSpawnsMatchSequentialProgram() throws Exception {
        assertEquals(expected(), run(deferred, List.of(SEQUENTIAL)));
    }

    @Test
    void mixedInlineAndDeferredSpawnsMatchSequentialProgram() throws Exception {
        assertEquals(expected(), run(deferred, List.of(SEQUENTIAL, "-Dsatin.test.alternate=true")));
    }

    @Test
    void parallelRuntimeRunMatchesSequentialProgram() throws Exception {
        Path launcher = temp.resolve("launcher");
        Samples.copy("satin/rewriter/testing/OnWorkers.class", launcher);
        for (String threshold : List.of("2", "1000")) {
            assertEquals(expected(), run(List.of(rewritten, launcher), List.of(), OnWorkers.class.getName(), "2",
                    threshold,
                    Scenarios.class.getName()), "inline threshold " + threshold);
        }
    }

    @Test
    void oracleComputesKnownValues() {
        Map<String, String> expected = expected();
        assertEquals("2584,66", expected.get("fib"));
        assertEquals(Long.toString(3L * 999 * 1000 / 2), expected.get("loop1000"));
        assertEquals("[135, 145, 155]", expected.get("void"));
        assertEquals("caught boom 1", expected.get("exception"));
        assertEquals("caught deep", expected.get("exceptionPropagates"));
        assertEquals("512", expected.get("fanOut"));
        assertEquals("7,18", expected.get("overwrite"));
        assertEquals("5000000035,6000000042", expected.get("staticInit"));
        assertEquals("92,23,25,24,21", expected.get("constructors"));
        assertEquals("[0, 7, 14, 21, 28, 35]", expected.get("discarded"));
        String best = expected.get("knapsack").split(",")[3];
        assertEquals(best + "," + best + "," + best + "," + best, expected.get("knapsack"));
    }

    @Test
    void recordsAreInvocationRecordsWithTransientDestinations() throws Exception {
        ClassNode tree = read(rewritten.resolve("satin/rewriter/samples/good/Tree.class"));
        assertTrue(tree.invisibleAnnotations.stream().anyMatch(a -> a.desc.equals("Lsatin/contract/Rewritten;")));
        List<ClassNode> records = new ArrayList<>();
        for (int i = 0; Files.exists(rewritten.resolve("satin/rewriter/samples/good/Tree$SatinRecord" + i + ".class")); i++) {
            records.add(read(rewritten.resolve("satin/rewriter/samples/good/Tree$SatinRecord" + i + ".class")));
        }
        // fib and failing store into locals (one record each, shared by both sites), sum and fanOut into array elements
        assertEquals(4, records.size());
        for (ClassNode record : records) {
            assertEquals("satin/contract/InvocationRecord", record.superName);
            assertTrue(record.invisibleAnnotations.stream().anyMatch(a -> a.desc.contains("Rewritten")));
        }
        ClassNode arrayRecord = records.stream().filter(r -> r.fields.stream().anyMatch(f -> f.name.equals("array")))
                .findFirst().orElseThrow();
        for (FieldNode f : arrayRecord.fields) {
            boolean destination = f.name.equals("array") || f.name.equals("index");
            assertEquals(destination, (f.access & Opcodes.ACC_TRANSIENT) != 0, f.name);
        }
    }

    private static ClassNode read(Path file) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(Files.readAllBytes(file)).accept(node, 0);
        return node;
    }

    private static Map<String, String> expected() {
        return Scenarios.run();
    }

    private static Map<String, String> run(Path classes, List<String> jvmArgs) throws Exception {
        return run(List.of(classes), jvmArgs, Scenarios.class.getName());
    }

    private static Map<String, String> run(List<Path> classes, List<String> jvmArgs, String main, String... args)
            throws Exception {
        return KeyValueRun.run(classes, jvmArgs, main, args);
    }
}
