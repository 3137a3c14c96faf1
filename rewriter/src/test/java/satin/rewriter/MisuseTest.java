package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.testing.Samples;

/** Every misuse in the misuse samples is an error naming class, method and line; nothing is written. */
class MisuseTest {

    private static final String CALC = "satin/rewriter/samples/misuse/CalcImpl.java";

    @Test
    void reportsEveryMisuseWithClassMethodAndLineAndWritesNothing(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/misuse", dir);
        Map<String, byte[]> before = Samples.snapshot(dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());

        assertTrue(report.failed());
        List<String> errors = report.errors().stream().map(Diagnostic::format).toList();
        assertEquals(6, errors.size(), String.join("\n", errors));
        expect(errors, "CalcImpl.inExpression (CalcImpl.java:" + Samples.linesOf(CALC, "MISUSE not stored").get(0)
                + ")", "is not stored");
        expect(errors, "CalcImpl.asArgument (CalcImpl.java:" + Samples.linesOf(CALC, "MISUSE not stored").get(1)
                + ")", "is not stored");
        expect(errors, "CalcImpl.returned (CalcImpl.java:" + Samples.linesOf(CALC, "MISUSE return").get(0) + ")",
                "'return' of spawnable call");
        expect(errors, "CalcImpl.fromStatic (CalcImpl.java:" + Samples.linesOf(CALC, "MISUSE return").get(1) + ")",
                "'return' of spawnable call");
        expect(errors, "CalcImpl constructor (CalcImpl.java:" + Samples.lineOf(CALC, "MISUSE final field") + ")",
                "final field 'constant'");
        expect(errors, "misuse.NotSatin (NotSatin.java:" + Samples.lineOf("satin/rewriter/samples/misuse/NotSatin.java",
                "MISUSE") + ")", "does not extend satin.SatinObject");

        Map<String, byte[]> after = Samples.snapshot(dir);
        assertEquals(before.keySet(), after.keySet());
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name));
    }

    private static void expect(List<String> errors, String where, String what) {
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("ERROR satin.rewriter.samples.") && e.contains(where)
                && e.contains(what)), where + " / " + what + " not in\n" + String.join("\n", errors));
    }
}
