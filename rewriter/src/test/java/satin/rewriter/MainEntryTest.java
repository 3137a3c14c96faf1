package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Samples;

/**
 * A rewritten program started with plain {@code java}: the main of a class that spawns, or of a class marked
 * {@code @SatinMain}, runs on a runtime's worker when the runtime is on the class path; with
 * {@code satin.bootstrap=off} or without a runtime it runs sequentially (without a runtime, saying so).
 */
class MainEntryTest {

    private static final String PROBE = "satin.rewriter.samples.main.Probe";

    @TempDir
    static Path dir;
    static RewriteReport report;

    @BeforeAll
    static void rewrite() throws Exception {
        Samples.copy("satin/rewriter/samples/main", dir);
        report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
    }

    private static JavaProcess.Result run(List<Path> classPath, List<String> jvmArgs, String main, String... args)
            throws Exception {
        List<Path> cp = new ArrayList<>(List.of(dir));
        cp.addAll(classPath);
        return JavaProcess.run(cp, jvmArgs, main, args);
    }

    @Test
    void theMainOfASpawningClassAndOfAMarkedClassStartTheRuntime() throws Exception {
        assertEquals(List.of(), report.diagnostics());
        assertEquals(2, report.classesRewritten(), "Probe (spawns) and Marked (@SatinMain); not Unmarked");
        JavaProcess.Result probe = run(Samples.classPathWithoutSamples(), List.of("-Dsatin.workers=2",
                "-Dsatin.stats=on"), PROBE);
        assertEquals(0, probe.exitCode(), probe::toString);
        assertTrue(probe.out().startsWith("main on a worker\n"), probe::toString);
        assertTrue(probe.err().contains("satin statistics (2 workers, main ran"), probe::toString);
        JavaProcess.Result marked = run(Samples.classPathWithoutSamples(), List.of(),
                "satin.rewriter.samples.main.Marked");
        assertTrue(marked.out().startsWith("marked main on a worker\nmain on a worker\n"), marked::toString);
        JavaProcess.Result unmarked = run(Samples.classPathWithoutSamples(), List.of(),
                "satin.rewriter.samples.main.Unmarked");
        assertEquals("unmarked main on thread main\n", unmarked.out(), unmarked::toString);
    }

    @Test
    void bootstrapOffRunsMainSequentiallyOnTheMainThread() throws Exception {
        JavaProcess.Result r = run(Samples.classPathWithoutSamples(), List.of("-Dsatin.bootstrap=off"), PROBE);
        assertEquals("main on thread main\ncalls on 1 thread(s)\n", r.out(), r::toString);
        assertEquals("", r.err(), r::toString);
    }

    @Test
    void withoutARuntimeMainRunsSequentiallyAndSaysSo() throws Exception {
        List<Path> apiOnly = Samples.classPathWithoutSamples().stream()
                .filter(p -> p.toString().contains("satin-api")).toList();
        assertEquals(1, apiOnly.size(), Samples.classPathWithoutSamples().toString());
        JavaProcess.Result r = run(apiOnly, List.of(), PROBE);
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("main on thread main\ncalls on 1 thread(s)\n", r.out(), r::toString);
        assertTrue(r.err().contains("satin: no Satin runtime on the class path, so " + PROBE + ".main runs"
                + " sequentially; add io.satin:satin-runtime"), r::toString);
    }

    @Test
    void whatMainThrowsOnTheWorkerEndsTheProgramAsUsual() throws Exception {
        JavaProcess.Result r = run(Samples.classPathWithoutSamples(), List.of("-Dsatin.workers=2"), PROBE, "throw");
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("Exception in thread \"main\" java.lang.IllegalStateException: main of Probe"
                + " failed on purpose"), r::toString);
    }

    @Test
    void aBadSettingIsAnErrorNamingIt() throws Exception {
        JavaProcess.Result r = run(Samples.classPathWithoutSamples(), List.of("-Dsatin.workers=two"), PROBE);
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("system property satin.workers must be a whole number of at least 1, got 'two'"),
                r::toString);
        assertEquals("", r.out(), r::toString);
    }
}
