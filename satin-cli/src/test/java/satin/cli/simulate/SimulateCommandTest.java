package satin.cli.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import satin.trace.TraceRecorder;

class SimulateCommandTest {
    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = SimulateCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void table21PrintsThePapersLayoutBesideThePapersValuesAndDrawsAChart(@TempDir Path dir) throws Exception {
        Outcome o = run("table2.1", "--workload", "ai", "--leaf-ms", "3000", "--work-scale", "0.2", "--latency", "200", "--bandwidth", "100",
                "--out", dir.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("200 ms / 100 KB/s"), o.out());
        assertTrue(o.out().contains("63.7%"), "the paper's RS value is shown: " + o.out());
        assertTrue(o.out().contains("97.7%"), "the paper's CRS value is shown: " + o.out());
        assertTrue(o.err().contains("[1/4]"), "progress lines: " + o.err());
        Path png = dir.resolve("table-2.1.png");
        assertTrue(Files.size(png) > 1_000);
        byte[] head = Files.readAllBytes(png);
        assertEquals((byte) 0x89, head[0]);
        assertEquals('P', head[1]);
    }

    @Test
    void theRuntimesProtocolIsTheDefaultEngineAndTheModelAnOption() {
        String[] small = {"table2.1", "--workload", "ai", "--leaf-ms", "3000", "--work-scale", "0.2", "--latency", "200",
            "--bandwidth", "100", "--quiet"};
        Outcome protocol = run(small);
        Outcome model = run(concat(small, new String[] {"--engine", "model"}));
        assertEquals(0, protocol.code(), protocol.err());
        assertEquals(0, model.code(), model.err());
        assertTrue(protocol.out().startsWith("engine: protocol"), protocol.out());
        assertTrue(model.out().startsWith("engine: model"), model.out());
        Outcome bad = run(concat(small, new String[] {"--engine", "guess"}));
        assertNotEquals(0, bad.code());
        assertTrue(bad.err().contains("unknown engine 'guess'"), bad.err());
    }

    @Test
    void gridlabNightAsJsonWithTheWorkPerSiteChart(@TempDir Path dir) throws Exception {
        Outcome o = run("gridlab", "--night", "--json", "--quiet", "--leaf-ms", "50", "--shape", "totalNanos=500000000000",
                "--out", dir.toString());
        assertEquals(0, o.code(), o.err());
        JsonNode rows = new ObjectMapper().readTree(o.out());
        assertEquals(3, rows.size());
        JsonNode crs = rows.get(1);
        assertEquals("CRS", crs.get("policy").asText());
        assertEquals(81.3, crs.get("paper").get("efficiencyPct").asDouble(), 1e-9);
        assertEquals(6, crs.get("simulated").get("sites").size());
        assertEquals(40, crs.get("simulated").get("nodes").asInt());
        assertTrue(Files.size(dir.resolve("gridlab-night-work-per-site.png")) > 1_000);
    }

    @Test
    void gridlabWithThePapersCostsSaysWhatTheyAreAndSlowsTheGridCpusButNotTheBaselines() {
        String[] small = {"--leaf-ms", "50", "--shape", "totalNanos=500000000000", "--quiet"};
        Outcome plain = run(concat(new String[] {"gridlab", "--day", "--json"}, small));
        Outcome costly = run(concat(new String[] {"gridlab", "--day", "--json", "--paper-costs"}, small));
        assertEquals(0, plain.code(), plain.err());
        assertEquals(0, costly.code(), costly.err());
        assertTrue(costly.err().contains("paper costs: CPU share 0.846") && costly.err().contains("synchronous wide-area steal answered"), costly.err());
        try {
            JsonNode a = new ObjectMapper().readTree(plain.out());
            JsonNode b = new ObjectMapper().readTree(costly.out());
            for (int row = 0; row < 2; row++) {
                // CPUs at 0.846 of their speed add 1 / 0.846 - 1 = 18% of t_perfect to the parallelization overhead
                double before = a.get(row).get("simulated").get("parOverhead").asDouble();
                double after = b.get(row).get("simulated").get("parOverhead").asDouble();
                assertEquals(0.182, after - before, 0.02, a.get(row).get("policy").asText() + ": " + before + " -> " + after);
            }
            assertEquals(a.get(2).get("simulated"), b.get(2).get("simulated"), "the single-cluster baseline pays nothing");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        Outcome both = run("gridlab", "--night", "--paper-costs", "--cpu-share", "0.9");
        assertNotEquals(0, both.code());
        assertTrue(both.err().contains("--cpu-share"), both.err());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void lecceMisbehaviourCanBeSwitchedOff() {
        GridLabCommand on = new GridLabCommand();
        new CommandLine(on).parseArgs("--day");
        GridLabCommand off = new GridLabCommand();
        new CommandLine(off).parseArgs("--day", "--no-lossy-lecce");
        assertTrue(!on.noLossyLecce && off.noLossyLecce);
    }

    @Test
    void gridlabNeedsExactlyOnePeriod() {
        Outcome none = run("gridlab");
        assertNotEquals(0, none.code());
        assertTrue(none.err().contains("--day") && none.err().contains("--night"), none.err());
        assertNotEquals(0, run("gridlab", "--day", "--night").code());
    }

    @Test
    void badInputIsReportedWithItsCause() {
        Outcome app = run("run", "--workload", "quicksort");
        assertNotEquals(0, app.code());
        assertTrue(app.err().contains("unknown workload 'quicksort'"), app.err());
        Outcome split = run("run", "--nodes", "10", "--clusters", "4");
        assertNotEquals(0, split.code());
        assertTrue(split.err().contains("error: 10 nodes cannot be split into 4"), split.err());
        assertTrue(!split.err().contains("Exception"), "one line, no stack trace: " + split.err());
        Outcome shape = run("run", "--shape", "branching=3");
        assertTrue(shape.err().contains("unknown tree parameter 'branching'"), shape.err());
    }

    @Test
    void runReplaysATraceFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.trace");
        writeFanOutTrace(file, 2_000);
        Outcome o = run("run", "--trace", file.toString(), "--nodes", "8", "--clusters", "2", "--quiet", "--json");
        assertEquals(0, o.code(), o.err());
        JsonNode results = new ObjectMapper().readTree(o.out());
        assertEquals(2, results.size());
        assertEquals(2_000, results.get(0).get("jobs").asLong());
        Outcome missing = run("run", "--trace", dir.resolve("nope.trace").toString());
        assertNotEquals(0, missing.code());
        assertTrue(missing.err().contains("trace file not found") && missing.err().contains("nope.trace"), missing.err());
    }

    /** A trace of {@code jobs} jobs: a root that spawns all the others, each 1 ms of work. */
    private static void writeFanOutTrace(Path file, int jobs) throws Exception {
        TraceRecorder recorder = new TraceRecorder();
        int root = recorder.onRoot(32);
        for (int i = 1; i < jobs; i++) {
            recorder.onJobEnd(recorder.onSpawn(root, 100), 1_000_000, 8);
        }
        recorder.onJobEnd(root, 1_000_000, 8);
        recorder.writeTo(file);
    }

    @Test
    void scaleReportsItsFiguresAgainstTheOneNodeBaseline() throws Exception {
        Outcome o = run("scale", "--nodes", "64", "--clusters", "4", "--jobs", "20000", "--json", "--quiet");
        assertEquals(0, o.code(), o.err());
        JsonNode report = new ObjectMapper().readTree(o.out());
        long jobs = report.get("jobs").asLong();
        assertTrue(jobs > 15_000 && jobs < 25_000, "about the requested job count: " + jobs);
        assertTrue(report.get("efficiency").asDouble() > 0.5);
        assertTrue(report.get("wallTimeRatioToBaseline").asDouble() > 0);
        assertTrue(report.has("baselineJobsPerWallSecond"));
    }

    @Test
    void everyCommandHasHelp() {
        for (String cmd : new String[] {"table2.1", "gridlab", "scale", "run"}) {
            Outcome o = run(cmd, "--help");
            assertEquals(0, o.code());
            assertTrue(o.out().contains("Usage"), cmd);
        }
    }
}
