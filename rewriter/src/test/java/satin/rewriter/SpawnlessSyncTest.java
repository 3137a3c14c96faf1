package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
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
 * A class that calls sync() but spawns nothing runs sequentially without a word unless the rewriter says why: one
 * warning per such class, at the call that looks like a forgotten spawn, naming the interface that does not extend
 * Spawnable or the missing 'implements'.
 */
class SpawnlessSyncTest {

    private static final String DIR = "satin/rewriter/samples/spawnless/";

    @Test
    void aClassThatSyncsButSpawnsNothingIsAWarningThatSaysWhy(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/spawnless", dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());

        assertFalse(report.failed(), report.diagnostics().toString());
        Set<String> expected = new TreeSet<>(List.of(
                "CounterImpl.count:" + Samples.lineOf(DIR + "CounterImpl.java", "// WARNING"),
                "Forgetful.split:" + Samples.lineOf(DIR + "Forgetful.java", "// WARNING")));
        assertEquals(expected, report.warnings().stream().map(SpawnlessSyncTest::where)
                .collect(Collectors.toCollection(TreeSet::new)), report.warnings().toString());

        assertEquals("calls sync() but spawns nothing, so it runs sequentially: CounterImpl.count, called before"
                + " sync(), is not a spawnable method because it is declared in interface"
                + " satin.rewriter.samples.spawnless.Counter, which does not extend satin.Spawnable: declare"
                + " 'interface Counter extends satin.Spawnable'", message(report, "CounterImpl"));
        assertEquals("calls sync() but spawns nothing, so it runs sequentially: Forgetful.split, called before"
                + " sync(), is not a spawnable method because no interface of Forgetful that extends satin.Spawnable"
                + " declares split(int): declare it in an interface that extends satin.Spawnable and add"
                + " 'implements' of that interface to Forgetful", message(report, "Forgetful"));
    }

    private static String where(Diagnostic d) {
        return d.className().substring(d.className().lastIndexOf('.') + 1) + "." + d.method() + ":" + d.line();
    }

    private static String message(RewriteReport report, String simpleClassName) {
        return report.warnings().stream().filter(w -> w.className().endsWith("." + simpleClassName)).findFirst()
                .orElseThrow().message();
    }
}
