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
    private static final Map<String, String> EXPECTED = expected();

    @TempDir
    static Path temp;
    static Path rewritten;
    static Path deferred;
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
        return m;
    }

    @BeforeAll
    static void rewrite() throws Exception {
        rewritten = temp.resolve("rewritten");
        Samples.copy("satin/rewriter/samples/inlet", rewritten);
        report = new ClassTreeRewriter().rewrite(List.of(rewritten), Samples.classPathWithoutSamples());
        deferred = temp.resolve("deferred");
        Remap.toDeferredSpawns(rewritten, deferred);
    }

    @Test
    void rewritesWithoutDiagnosticsAndPassesTheVerifier() throws Exception {
        assertEquals(List.of(), report.diagnostics());
        assertEquals(report.classesScanned() + report.recordsGenerated(), Verification.checkAll(rewritten));
    }

    @Test
    void theUnrewrittenProgramDiffersWhereTheReadmeSaysSo() {
        Map<String, String> sequential = Inlets.run();
        assertEquals("1", sequential.get("outsideLoop"), "the first exception leaves the loop");
        assertEquals("1,0", sequential.get("inletReturn"), "the catch block's return leaves the method");
        assertEquals("not thrown 10", sequential.get("uncaught"), "the second call is never made");
        for (String same : List.of("count", "mixed", "localDestination", "inletSpawns", "inletThrows", "search",
                "twoSyncs")) {
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
        Path launcher = temp.resolve("launcher");
        Samples.copy("satin/rewriter/testing/OnWorkers.class", launcher);
        for (String workers : List.of("1", "2", "3")) {
            for (String threshold : List.of("2", "1000")) {
                assertEquals(EXPECTED, run(List.of(rewritten, launcher), List.of(), OnWorkers.class.getName(), workers,
                        threshold, Inlets.class.getName()), workers + " workers, inline threshold " + threshold);
            }
        }
    }

    @Test
    void misusedInletsAreErrorsWithTheirLines(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/inletmisuse", dir);
        RewriteReport misuse = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        List<String> errors = misuse.errors().stream().map(Diagnostic::format).toList();
        String source = "satin/rewriter/samples/inletmisuse/Misuse.java";
        assertEquals(3, errors.size(), String.join("\n", errors));
        expect(errors, "Misuse.valueReturn (Misuse.java:" + Samples.lineOf(source, "MISUSE value return") + ")",
                "'return' with a value in the inlet 'catch (satin.rewriter.samples.inletmisuse.Failure ...)'");
        expect(errors, "Misuse.syncInInlet (Misuse.java:" + Samples.lineOf(source, "MISUSE sync in inlet") + ")",
                "sync() in the inlet");
        expect(errors, "Misuse.noSync (Misuse.java:" + Samples.lineOf(source, "MISUSE no sync") + ")",
                "call sync() before returning");
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
