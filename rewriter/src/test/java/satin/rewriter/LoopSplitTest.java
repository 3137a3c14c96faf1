package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.samples.loops.Loops;
import satin.rewriter.testing.KeyValueRun;
import satin.rewriter.testing.OnWorkers;
import satin.rewriter.testing.Samples;
import satin.rewriter.testing.Verification;

/**
 * Lazy loop splitting in the rewriter ({@code spawn.CountedLoops}, {@code transform.LoopSplit}): exactly the loops of
 * the form it can prove get a splittable range and a copy of their body, every other form is rewritten as before,
 * the classes verify, and the rewritten program prints what the unrewritten one computes: off workers, and on one and
 * two workers of a real runtime that splits loops, with the default threshold and with every spawn queued.
 */
class LoopSplitTest {

    @TempDir
    static Path temp;
    static Path rewritten;
    static RewriteReport report;

    @BeforeAll
    static void rewrite() throws Exception {
        rewritten = temp.resolve("rewritten");
        Samples.copy("satin/rewriter/samples/loops", rewritten);
        report = new ClassTreeRewriter(false, true).rewrite(List.of(rewritten), Samples.classPathWithoutSamples());
    }

    private static ClassNode read(String name) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(Files.readAllBytes(rewritten.resolve("satin/rewriter/samples/loops/" + name + ".class")))
                .accept(node, 0);
        return node;
    }

    @Test
    void exactlyTheProvableFormsAreSplit() throws Exception {
        assertEquals(List.of(), report.diagnostics());
        Set<String> split = new TreeSet<>();
        for (MethodNode m : read("Loops").methods) {
            if (m.name.startsWith("satin$loop$")) {
                split.add(m.name.substring("satin$loop$".length(), m.name.lastIndexOf('$')));
            }
        }
        assertEquals(Set.of("count", "splitLengthBound", "splitFromTwo", "throwingLoop"), split);
        for (int k = 0; k < split.size(); k++) {
            ClassNode record = read("Loops$SatinLoop" + k);
            assertEquals("satin/contract/LoopRange", record.superName);
            assertTrue(record.invisibleAnnotations.stream().anyMatch(a -> a.desc.contains("Rewritten")));
        }
    }

    @Test
    void everyClassPassesCheckClassAdapter() throws Exception {
        assertEquals(report.classesScanned() + report.recordsGenerated(), Verification.checkAll(rewritten));
    }

    @Test
    void offWorkersTheRewrittenProgramComputesTheSameAnswers() throws Exception {
        assertEquals(Loops.run(), KeyValueRun.run(List.of(rewritten), List.of("-Dsatin.bootstrap=off"),
                Loops.class.getName()));
    }

    @Test
    void onWorkersThatSplitLoopsTheRewrittenProgramComputesTheSameAnswers() throws Exception {
        Path launcher = temp.resolve("launcher");
        Samples.copy("satin/rewriter/testing/OnWorkers.class", launcher);
        Map<String, String> expected = Loops.run();
        for (String workers : List.of("1", "2")) {
            for (String threshold : List.of("2", "1000")) {
                assertEquals(expected, KeyValueRun.run(List.of(rewritten, launcher),
                        List.of("-Xss64m"), OnWorkers.class.getName(), "--split-loops", workers,
                        threshold, Loops.class.getName()), workers + " workers, inline threshold " + threshold);
            }
        }
    }
}
