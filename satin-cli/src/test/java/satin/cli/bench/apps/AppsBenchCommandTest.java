package satin.cli.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import satin.apps.cases.BenchCases;

class AppsBenchCommandTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new AppsBenchCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int status = cli.execute(args);
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void quickRunPrintsARowPerApplicationWithTheSameAnswer() {
        String[] result = run("--quick", "--runs", "1");
        assertEquals("0", result[0], result[1] + result[2]);
        for (String app : BenchCases.all(BenchCases.Scale.QUICK).keySet()) {
            assertTrue(result[1].lines().anyMatch(line -> line.startsWith(app + " ") && line.endsWith(" yes")),
                    app + " row in\n" + result[1]);
        }
    }

    @Test
    void unknownApplicationIsAnError() {
        String[] result = run("--quick", "fib", "nosuchapp");
        assertEquals("2", result[0]);
        assertTrue(result[2].contains("unknown application 'nosuchapp'"), result[2]);
    }

    @Test
    void helpDescribesTheCommand() {
        String[] result = run("--help");
        assertEquals("0", result[0]);
        assertTrue(result[1].contains("efficiency"), result[1]);
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2.0, Measurement.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Measurement.median(new double[] {4, 1, 2, 3}));
    }
}
