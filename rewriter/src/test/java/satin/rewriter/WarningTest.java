package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Samples;

/**
 * A read of a spawn result on a path without sync() is a warning with its line; the class is still rewritten.
 * Exactly the lines marked WARNING in the warn samples get one: a spawn and its sync() guarded by the same
 * unchanged condition get none (the good samples, among them a knapsack guarded by a threshold, get none at all).
 */
class WarningTest {

    private static final String EARLY = "satin/rewriter/samples/warn/Early.java";
    private static final String GUARDED = "satin/rewriter/samples/warn/Guarded.java";

    @Test
    void warnsExactlyWhereAPathReadsBeforeSync(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/warn", dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());

        assertFalse(report.failed(), report.diagnostics().toString());
        Set<String> expected = new TreeSet<>();
        expected.add("Early:" + Samples.lineOf(EARLY, "WARNING read before sync"));
        for (int line : Samples.linesOf(GUARDED, "// WARNING")) {
            expected.add("Guarded:" + line);
        }
        Set<String> actual = new TreeSet<>();
        for (Diagnostic w : report.warnings()) {
            actual.add(w.className().substring(w.className().lastIndexOf('.') + 1) + ":" + w.line());
        }
        assertEquals(expected, actual, report.warnings().toString());
        assertEquals(2, report.classesRewritten());

        Diagnostic early = report.warnings().stream().filter(w -> w.className().endsWith("Early")).findFirst()
                .orElseThrow();
        assertEquals("early", early.method());
        assertTrue(early.message().startsWith("reads local variable 'x', the result of spawnable call Early.half on"
                + " line "), early.message());
        assertTrue(early.message().endsWith("call sync() before reading it"), early.message());

        List<Path> cp = new ArrayList<>(List.of(dir));
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result run = JavaProcess.run(cp, List.of(), "satin.rewriter.samples.warn.Early");
        assertEquals("early=11\n", run.out(), run::toString);
    }

    @Test
    void withoutLocalVariableNamesTheWarningNamesTheSpawn(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/warn", dir);
        stripLocalVariableTables(dir.resolve("satin/rewriter/samples/warn/Early.class"));
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());

        Diagnostic early = report.warnings().stream().filter(w -> w.className().endsWith("Early")).findFirst()
                .orElseThrow();
        int spawnLine = Samples.lineOf(EARLY, "int x = half(10);");
        assertEquals("reads the result of spawnable call Early.half on line " + spawnLine + " (local variable #2;"
                + " compile with -g to see its name), on a path without sync() since the spawn; its value is undefined"
                + " there: call sync() before reading it", early.message());
    }

    @Test
    void theGoodSamplesGetNoWarning(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        assertEquals(List.of(), report.diagnostics());
    }

    /** What javac -g:source,lines leaves: line numbers without local variable names. */
    private static void stripLocalVariableTables(Path classFile) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(Files.readAllBytes(classFile)).accept(node, 0);
        for (MethodNode m : node.methods) {
            m.localVariables = null;
            m.parameters = null;
        }
        ClassWriter writer = new ClassWriter(0);
        node.accept(writer);
        Files.write(classFile, writer.toByteArray());
    }
}
