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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import satin.cli.run.RunCommand;

/** {@code satin run <app> [args]} finds each application by name and runs its main on the workers. */
@Timeout(120)
class SatinRunTest {

    private record Outcome(int status, String out, String err) {
    }

    /** Runs the command; the program's main prints to System.out, which is captured for the call. */
    private static Outcome satinRun(String... args) {
        ByteArrayOutputStream programOut = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        PrintStream original = System.out;
        int status;
        try {
            System.setOut(new PrintStream(programOut, true, StandardCharsets.UTF_8));
            CommandLine cli = new CommandLine(new RunCommand());
            cli.setErr(new PrintWriter(err));
            status = cli.execute(args);
        } finally {
            System.setOut(original);
        }
        return new Outcome(status, programOut.toString(StandardCharsets.UTF_8), err.toString());
    }

    @ParameterizedTest(name = "satin run {0} {1}")
    @CsvSource(delimiter = ';', value = {
        "fib; 22", "integrate; 40 8 64", "nqueens; 9 2", "tsp; 9 1 2", "knapsack; 20 2 5", "matmul; 64 1 16",
        "barneshut; 500 2 3 50", "mergesort; 30000 4 1000"})
    void runsEachApplicationByNameWithAPassedSelfCheck(String app, String args) {
        String[] command = ("--workers 2 " + app + " " + args).split(" ");
        Outcome outcome = satinRun(command);
        assertEquals(0, outcome.status(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("self-check passed"), outcome.out());
    }

    @Test
    void rayTracerRunsByName(@TempDir Path dir) {
        String png = dir.resolve("tri.png").toString();
        Outcome outcome = satinRun("--workers", "2", "raytracer", "tri", "32x24", png, "16");
        assertEquals(0, outcome.status(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("self-check passed"), outcome.out());
        assertTrue(Files.isRegularFile(dir.resolve("tri.png")));
    }
}
