package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Timeout(60)
class RunCommandTest {

    /** Outcome of one command: exit code, what main printed, the command's own output and errors. */
    private record Outcome(int exit, String programOut, String out, String err) {
    }

    @Command(name = "satin", subcommands = RunCommand.class)
    static final class Launcher {
    }

    private static Outcome run(boolean asSubcommand, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream programOut = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int exit;
        System.setOut(new PrintStream(programOut, true, StandardCharsets.UTF_8));
        try {
            CommandLine cl = asSubcommand
                    ? new CommandLine(new Launcher()).addSubcommand("run2", new RunCommand())
                    : new CommandLine(new RunCommand());
            cl.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
            exit = cl.execute(args);
        } finally {
            System.setOut(original);
        }
        return new Outcome(exit, programOut.toString(StandardCharsets.UTF_8), out.toString(), err.toString());
    }

    @Test
    void runsAMainClassOnAWorkerAndPrintsStatistics() {
        Outcome o = run(false, "--workers", "2", "--stats=full", "satin.runtime.testapps.FibMain", "20");
        assertEquals(0, o.exit, o.err);
        assertEquals("Fib 20 = 6765 on Worker\n", o.programOut);
        assertTrue(o.out.matches("(?s)satin statistics \\(2 workers, main ran \\d+ ms\\):\n.*"), o.out);
        assertTrue(o.out.lines().anyMatch(l -> l.startsWith("0 ")), o.out);
        assertTrue(o.out.lines().anyMatch(l -> l.startsWith("1 ")), o.out);
        assertTrue(o.out.lines().anyMatch(l -> l.startsWith("total ")), o.out);
    }

    /**
     * Issue 29 item 18: --stats alone is a summary of a few lines (jobs, steals, how busy the workers were), with
     * --sequential-time also on one JVM the speedup; the full table has the figures' JSON names as columns.
     */
    @Test
    void statsIsASummaryWithTheSpeedupAndFullAddsTheTable() {
        Outcome o = run(false, "--workers", "2", "--stats", "--sequential-time", "0.5", "satin.runtime.testapps.FibMain",
                "20");
        assertEquals(0, o.exit, o.err);
        assertEquals("Fib 20 = 6765 on Worker\n", o.programOut);
        List<String> lines = o.out.lines().toList();
        assertTrue(lines.get(0).matches("satin statistics \\(2 workers, main ran \\d+ ms\\):"), o.out);
        assertTrue(lines.get(1).matches("  jobs +\\d+ executed: \\d+ queued \\(stealable\\), \\d+ spawns inlined, 0 aborted"),
                o.out);
        assertTrue(lines.get(2).matches("  steals +local \\d+/\\d+ \\(got a job / attempts\\)"), o.out);
        assertTrue(lines.get(3).matches("  busy +\\d+\\.\\d% \\(efficiency: .*\\)"), o.out);
        assertTrue(lines.get(4).matches("  speedup +\\d+\\.\\d\\dx, efficiency \\d+\\.\\d% \\(sequential time 500 ms, 2 "
                + "workers\\)"), o.out);
        assertEquals(5, lines.size(), o.out);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 100), o.out);

        Outcome full = run(false, "--workers", "2", "--stats=full", "satin.runtime.testapps.FibMain", "20");
        String header = full.out.lines().filter(l -> l.startsWith("worker ")).findFirst().orElseThrow();
        assertEquals(List.of("worker", "jobsQueued", "spawnsInlined", "jobsExecuted", "localStealAttempts",
                "localSteals", "runMs", "idleMs", "jobsAborted", "wastedMs"), List.of(header.split("\\s+")));
    }

    @Test
    void aStatsValueOtherThanSummaryOrFullIsOneLine() {
        Outcome o = run(false, "--stats=ful", "satin.runtime.testapps.FibMain", "20");
        assertEquals(2, o.exit, o.err);
        assertEquals("error: --stats takes summary or full (--stats=full), got 'ful'; try 'satin run --help'\n", o.err);
        Outcome zero = run(false, "--sequential-time", "0", "satin.runtime.testapps.FibMain", "20");
        assertEquals(2, zero.exit, zero.err);
        assertEquals("error: --sequential-time must be a positive number of seconds, got 0.0\n", zero.err);
    }

    @Test
    void resolvesAnAppNameAndPassesOptionLikeArgumentsThrough() {
        Outcome o = run(true, "run", "--workers", "1", "testfib", "15", "--stats", "-x");
        assertEquals(0, o.exit, o.err);
        assertEquals("Fib 15 = 610 on Worker extra --stats -x\n", o.programOut);
        assertEquals("", o.out, "--stats after the app name belongs to the app");
    }

    @Test
    void optionsEndAtTheAppAlsoWhenAddedProgrammaticallyToALauncher() {
        Outcome o = run(true, "run2", "testfib", "12", "--workers", "7");
        assertEquals(0, o.exit, o.err);
        assertEquals("Fib 12 = 144 on Worker extra --workers 7\n", o.programOut);
    }

    @Test
    void recordsATraceOfTheRunWithEveryFibCallAJob(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("fib.trace");
        Outcome o = run(false, "--workers", "2", "--record-trace", file.toString(), "testfib", "15");
        assertEquals(0, o.exit, o.err);
        assertEquals("Fib 15 = 610 on Worker\n", o.programOut);
        satin.trace.SpawnTrace t = satin.trace.TraceFormat.read(file);
        assertEquals(2 * (987 - 1) + 1, t.jobCount(), "main's job plus every spawned fib call");
        assertTrue(o.err.contains("trace of " + t.jobCount() + " jobs written to " + file), o.err);
    }

    @Test
    void writesNoTraceWhenMainThrows(@TempDir Path dir) {
        Path file = dir.resolve("t.trace");
        Outcome o = run(false, "--record-trace", file.toString(), "satin.runtime.testapps.ThrowingMain");
        assertEquals(1, o.exit, o.err);
        assertTrue(o.err.contains("no trace written to " + file + ": the run failed"), o.err);
        assertTrue(Files.notExists(file));
    }

    @Test
    void rejectsATraceOfAMultiNodeRun(@TempDir Path dir) {
        Outcome o = run(false, "--nodes", "2", "--record-trace", dir.resolve("t").toString(), "testfib", "5");
        assertEquals(2, o.exit, o.err);
        assertTrue(o.err.contains("--record-trace records a run in one JVM; it cannot be combined with --nodes"),
                o.err);
    }

    @Test
    void refusesATraceThatCannotBeWrittenBeforeTheRun(@TempDir Path dir) {
        Path file = dir.resolve("missing-dir").resolve("t.trace");
        Outcome o = run(false, "--workers", "1", "--record-trace", file.toString(), "testfib", "5");
        assertEquals(2, o.exit, o.err);
        assertEquals("", o.programOut, "the program did not run");
        assertEquals("error: --record-trace " + file + ": cannot write it: the directory " + file.getParent()
                + " does not exist\n", o.err);
    }

    @Test
    void rejectsAnUnknownClassNamingItAndTheKnownApps() {
        Outcome o = run(false, "no.such.Main");
        assertEquals(2, o.exit);
        assertTrue(o.err.contains("unknown app or class 'no.such.Main'"), o.err);
        // the runtime's test programs and, on this class path, the bundled applications
        assertTrue(o.err.matches("(?s).*known apps: [a-z, ]*\\bbroken, [a-z, ]*\\btestfib\\b.*"), o.err);
    }

    @Test
    void rejectsAnAppWhoseClassIsMissing() {
        Outcome o = run(false, "broken");
        assertEquals(2, o.exit);
        assertTrue(o.err.contains("app 'broken' names class satin.runtime.testapps.DoesNotExist"), o.err);
    }

    @Test
    void reportsAnExceptionFromMainWithExitCodeOne() {
        Outcome o = run(false, "satin.runtime.testapps.ThrowingMain");
        assertEquals(1, o.exit);
        assertTrue(o.err.contains("satin.runtime.testapps.ThrowingMain.main threw "
                + "java.lang.IllegalStateException: boom from main"), o.err);
        assertTrue(o.err.contains("at satin.runtime.testapps.ThrowingMain.main"), "stack trace: " + o.err);
    }

    @Test
    void rejectsAClassWithoutMain() {
        Outcome o = run(false, "satin.cli.run.RunCommandTest");
        assertEquals(2, o.exit);
        assertTrue(o.err.contains("has no public static void main(String[])"), o.err);
    }

    @Test
    void loadsTheProgramFromTheClassPathOption(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("src/Hello.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "public class Hello { public static void main(String[] a) {"
                + " System.out.println(\"hello \" + a[0] + \" from \" + Thread.currentThread().getName()); } }");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), source.toString()));

        Outcome o = run(false, "--workers", "1", "-cp", classes.toString(), "Hello", "world");
        assertEquals(0, o.exit, o.err);
        assertTrue(o.programOut.matches("hello world from satin-worker-0\n"), o.programOut);

        Outcome missing = run(false, "-cp", dir.resolve("nope").toString(), "Hello");
        assertEquals(2, missing.exit);
        assertTrue(missing.err.contains("class path entry not found: " + dir.resolve("nope")), missing.err);
    }

    @Test
    void everyCommandHasHelp() {
        for (Object command : List.of(new RunCommand(), new satin.cli.bench.spawn.SpawnBenchCommand())) {
            StringWriter out = new StringWriter();
            CommandLine cl = new CommandLine(command);
            cl.setOut(new PrintWriter(out, true));
            assertEquals(0, cl.execute("--help"));
            assertTrue(out.toString().startsWith("Usage: "), out.toString());
        }
    }
}
