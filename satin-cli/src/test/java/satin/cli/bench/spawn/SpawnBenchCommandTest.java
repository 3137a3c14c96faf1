package satin.cli.bench.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;
import satin.runtime.testapps.RewrittenFib;

/** Runs the benchmark tiny, to check that it works and reports every variant; times are not asserted. */
@Timeout(60)
class SpawnBenchCommandTest {

    private static String[] run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SpawnBenchCommand());
        cl.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        assertEquals(expectedExit, cl.execute(args), err.toString());
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void printsARowPerVariantAndThreshold() {
        String out = run(0, "--n", "15", "--repeat", "2", "--warmup", "1", "--threads", "2",
                "--inline-threshold", "1,3", "--stats")[0];
        assertTrue(out.startsWith("Fib(15) = 610"), out);
        for (String row : new String[] {"sequential Java            1", "ForkJoinPool               1",
                "ForkJoinPool               2", "satin inline>=1            1", "satin inline>=1            2",
                "satin inline>=3            1", "satin inline>=3            2"}) {
            assertTrue(out.contains(row), row + " in\n" + out);
        }
        assertTrue(out.contains("statistics of satin inline>=3, 2 workers"), out);
    }

    @Test
    void runsANamedRewrittenClass() {
        String out = run(0, "--n", "12", "--repeat", "1", "--warmup", "0", "--threads", "1",
                "--class", RewrittenFib.class.getName())[0];
        assertTrue(out.contains("rewritten code: " + RewrittenFib.class.getName() + "\n"), out);
    }

    @Test
    void rejectsBadArguments() {
        assertTrue(run(2, "--n", "-1")[1].contains("need 0 <= n <= 60"));
    }
}
