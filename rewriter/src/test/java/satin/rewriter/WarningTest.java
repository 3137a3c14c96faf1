package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Samples;

/** A read of a spawn result on a path without sync() is a warning with its line; the class is still rewritten. */
class WarningTest {

    @Test
    void warnsAboutReadBeforeSyncOnlyWhereAPathLacksSync(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/warn", dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());

        assertFalse(report.failed(), report.diagnostics().toString());
        assertEquals(1, report.warnings().size(), report.warnings().toString());
        Diagnostic warning = report.warnings().get(0);
        assertEquals("satin.rewriter.samples.warn.Early", warning.className());
        assertEquals("early", warning.method());
        assertEquals(Samples.lineOf("satin/rewriter/samples/warn/Early.java", "WARNING read before sync"),
                warning.line());
        assertEquals(1, report.classesRewritten());

        List<Path> cp = new ArrayList<>(List.of(dir));
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result run = JavaProcess.run(cp, List.of(), "satin.rewriter.samples.warn.Early");
        assertEquals("early=11\n", run.out(), run::toString);
    }
}
