package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.samples.inlet.Inlets;
import satin.rewriter.testing.KeyValueRun;
import satin.rewriter.testing.OnWorkers;
import satin.rewriter.testing.Remap;
import satin.rewriter.testing.Samples;
import satin.rewriter.testing.Verification;

/**
 * Inlets and abort, rewritten and run in fresh JVMs: off worker threads (every spawn inline), with the stand-in
 * that defers every spawn to its sync (alone and alternating with inline calls), and on a real runtime's two
 * workers with the default inline threshold and with nearly every spawn queued. Every run must print the inlet
 * semantics' answers below, which differ from the unrewritten program's where the README says they do.
 */
class InletScenariosTest {

    private static final String SEQUENTIAL = "-Dsatin.bootstrap=off";

    /** What inlets compute: every child's exception runs its catch block, then the method goes on in its sync. */
    static final Map<String, String> EXPECTED = expected();

    @TempDir
    static Path temp;
    static Path rewritten;
    static Path deferred;
    static Path launcher;
    static RewriteReport report;

    private static Map<String, String> expected() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("count", "4/5");
        m.put("majority", "1/2; 0/2; 110");
        m.put("outsideLoop", "5");
        m.put("mixed", "[0, 0, 20, 0, 40] odd 4");
        m.put("localDestination", "73040");
        m.put("inletReturn", "7,3");
        m.put("inletSpawns", "[0, 0, 20, 60]");
        m.put("uncaught", "caught broken 2");
        m.put("inletThrows", "caught from inlet 9");
        m.put("search", "63");
        m.put("twoSyncs", "3/18");
        m.put("mtdf", "990 492");
        m.put("firstMatch", "a match");
        m.put("throwPast", "a match");
        m.put("guarded", "threw 5, threw 6, returned");
        m.put("withoutSync", "10 1/4");
        return m;
    }

    @BeforeAll
    static void rewrite() throws Exception {
        rewritten = temp.resolve("rewritten");
        Samples.copy("satin/rewriter/samples/inlet", rewritten);
        report = new ClassTreeRewriter().rewrite(List.of(rewritten), Samples.classPathWithoutSamples());
        deferred = temp.resolve("deferred");
        Remap.toDeferredSpawns(rewritten, deferred);
        launcher = temp.resolve("launcher");
        Samples.copy("satin/rewriter/testing/OnWorkers.class", launcher);
    }

    @Test
    void rewritesWithOnlyTheValueReturnWarningsAndPassesTheVerifier() throws Exception {
        String source = "satin/rewriter/samples/inlet/Styles.java";
        List<String> warnings = report.diagnostics().stream().map(Diagnostic::format).toList();
        assertEquals(Samples.linesOf(source, "WARNING value return").size(), warnings.size(),
                String.join("\n", warnings));
        for (int line : Samples.linesOf(source, "WARNING value return")) {
            expect(warnings, "(Styles.java:" + line + ")", "ends the inlet, as in the original Satin: the value is"
                    + " discarded");
        }
        assertTrue(report.errors().isEmpty());
        assertEquals(report.classesScanned() + report.recordsGenerated(), Verification.checkAll(rewritten));
    }

    @Test
    void theUnrewrittenProgramDiffersWhereTheReadmeSaysSo() {
        Map<String, String> sequential = Inlets.run();
        assertEquals("1", sequential.get("outsideLoop"), "the first exception leaves the loop");
        assertEquals("1,0", sequential.get("inletReturn"), "the catch block's return leaves the method");
        assertEquals("not thrown 10", sequential.get("uncaught"), "the second call is never made");
        assertEquals("null 492", sequential.get("mtdf"), "the catch block's 'return null' leaves the method");
        assertEquals("returned, threw 6, returned", sequential.get("guarded"), "the catch block's return leaves");
        assertEquals("10 5/4", sequential.get("withoutSync"), "the catch block runs before the return value");
        for (String same : List.of("count", "mixed", "localDestination", "inletSpawns", "inletThrows", "search",
                "twoSyncs", "firstMatch", "throwPast")) {
            assertEquals(EXPECTED.get(same), sequential.get(same), same);
        }
    }

    @Test
    void offWorkersEverySpawnInline() throws Exception {
        assertEquals(EXPECTED, run(List.of(rewritten), List.of(SEQUENTIAL), Inlets.class.getName()));
    }

    @Test
    void deferredSpawns() throws Exception {
        assertEquals(EXPECTED, run(List.of(deferred), List.of(SEQUENTIAL), Inlets.class.getName()));
    }

    @Test
    void mixedInlineAndDeferredSpawns() throws Exception {
        assertEquals(EXPECTED, run(List.of(deferred), List.of(SEQUENTIAL, "-Dsatin.test.alternate=true"),
                Inlets.class.getName()));
    }

    @Test
    void onOneTwoAndThreeWorkersOfARealRuntime() throws Exception {
        for (String workers : List.of("1", "2", "3")) {
            for (String threshold : List.of("2", "1000")) {
                assertEquals(EXPECTED, run(List.of(rewritten, launcher), List.of(), OnWorkers.class.getName(), workers,
                        threshold, Inlets.class.getName()), workers + " workers, inline threshold " + threshold);
            }
        }
    }

    /**
     * The original's order whatever the inline rule decided: a search ends at its first answer, with an inlet that
     * aborts or by throwing past its parents, on one worker with the default inlining and with every spawn queued.
     * Counted: the leaves looked at after the answer was found. Before, an inline call's exception waited for the
     * sync while its siblings ran, and the rest of the tree was searched. Also counted: the children of
     * {@code spawn; spawn; spawn; abort(); sync()} ({@code abort()} outside an inlet) that ran, with queued work
     * below them; before, the inline rule ran all three as plain calls before {@code abort()} was reached.
     */
    @Test
    void searchesStopAtTheirFirstAnswerWhateverTheInlineRule() throws Exception {
        String styles = satin.rewriter.samples.inlet.Styles.class.getName();
        Map<String, String> unrewritten = run(List.of(rewritten), List.of(SEQUENTIAL), styles);
        for (String threshold : List.of("2", "1000")) {
            Map<String, String> leaves = run(List.of(rewritten, launcher), List.of(), OnWorkers.class.getName(), "1",
                    threshold, styles);
            assertEquals(unrewritten.keySet(), leaves.keySet());
            for (Map.Entry<String, String> e : leaves.entrySet()) {
                assertEquals("0", e.getValue(), e.getKey() + " with inline threshold " + threshold
                        + " (rewritten code off workers, every spawn inline: " + unrewritten + ")");
            }
        }
    }

    @Test
    void misusedInletsAreErrorsWithTheirLines(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/inletmisuse", dir);
        RewriteReport misuse = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        List<String> errors = misuse.errors().stream().map(Diagnostic::format).toList();
        String source = "satin/rewriter/samples/inletmisuse/Misuse.java";
        assertEquals(1, errors.size(), String.join("\n", errors));
        expect(errors, "Misuse.syncInInlet (Misuse.java:" + Samples.lineOf(source, "MISUSE sync in inlet") + ")",
                "sync() in the inlet");
        String valueReturn = "Misuse.valueReturn (Misuse.java:" + Samples.lineOf(source, "STRICT value return") + ")";
        String what = "'return' with a value in the inlet 'catch (satin.rewriter.samples.inletmisuse.Failure ...)'"
                + " on line " + (Samples.lineOf(source, "STRICT value return") - 1) + " ends the inlet";
        expect(misuse.diagnostics().stream().filter(d -> !d.isError()).map(Diagnostic::format).toList(), valueReturn,
                what);
        RewriteReport strict = new ClassTreeRewriter(true).rewrite(List.of(dir), Samples.classPathWithoutSamples());
        List<String> strictErrors = strict.errors().stream().map(Diagnostic::format).toList();
        assertEquals(2, strictErrors.size(), String.join("\n", strictErrors));
        expect(strictErrors, valueReturn, what);
        expect(strictErrors, valueReturn, "--strict-inlets");
    }

    private static void expect(List<String> errors, String where, String what) {
        assertTrue(errors.stream().anyMatch(e -> e.contains(where) && e.contains(what)),
                where + " / " + what + " not in\n" + String.join("\n", errors));
    }

    private static Map<String, String> run(List<Path> classes, List<String> jvmArgs, String main, String... args)
            throws Exception {
        return KeyValueRun.run(classes, jvmArgs, main, args);
    }
}
