package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.testing.Samples;

/**
 * A read of a spawn result where no sync() can have run since the spawn is a build error naming class, method and
 * line and saying what to do; a read where a sync() may have run is still a warning. Exactly the lines marked ERROR
 * and MAY in the sample get one, and nothing is written.
 */
class UnsyncedReadTest {

    private static final String SOURCE = "satin/rewriter/samples/unsynced/Unsynced.java";

    @Test
    void aReadNoSyncCanPrecedeIsAnErrorAndAMaybeStaysAWarning(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/unsynced", dir);
        Map<String, byte[]> before = Samples.snapshot(dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());

        assertTrue(report.failed(), report.diagnostics().toString());
        assertEquals(new TreeSet<>(Samples.linesOf(SOURCE, "// ERROR")), lines(report.errors()),
                report.diagnostics().toString());
        assertEquals(new TreeSet<>(Samples.linesOf(SOURCE, "// MAY")), lines(report.warnings()),
                report.diagnostics().toString());

        Diagnostic sum = report.errors().stream().filter(e -> e.method().equals("sum")).findFirst().orElseThrow();
        assertEquals("ERROR satin.rewriter.samples.unsynced.Unsynced.sum (Unsynced.java:"
                + Samples.lineOf(SOURCE, "ERROR no sync at all") + "): reads local variable 'a', the result of"
                + " spawnable call Unsynced.half on line " + Samples.lineOf(SOURCE, "int a = half(v);")
                + " before any sync() can have run since the spawn, so it reads an undefined value whenever the spawn"
                + " happened: call sync() between the spawn and this read", sum.format());

        Map<String, byte[]> after = Samples.snapshot(dir);
        assertEquals(before.keySet(), after.keySet());
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name));
    }

    private static Set<Integer> lines(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(Diagnostic::line).collect(Collectors.toCollection(TreeSet::new));
    }
}
