package satin.cli.bench.first;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

@Timeout(120)
class FirstSolutionBenchCommandTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new FirstSolutionBenchCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int status = cli.execute(args);
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void aSmallRunPrintsBothSearchesWithBothThresholdsAndValidAnswers() {
        String[] result = run("--n", "12", "--runs", "1", "--workers", "2");
        assertEquals("0", result[0], result[1] + result[2]);
        assertTrue(result[1].contains("N = 12: sequential t_s"), result[1]);
        for (String search : new String[] {"inlet", "throw"}) {
            for (String workers : new String[] {"1", "2"}) {
                assertTrue(result[1].lines().anyMatch(l -> l.trim().matches(search + "\\s+" + workers
                        + "\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+ .*")), search + " " + workers + " in\n"
                        + result[1]);
            }
        }
    }

    @Test
    void aBoardOutsideTheRangeIsRefusedNamingIt() {
        String[] result = run("--n", "3");
        assertEquals("2", result[0]);
        assertTrue(result[2].contains("--n must be 4 to 32, got 3"), result[2]);
    }
}
