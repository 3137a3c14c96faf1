package satin.cli.bench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * Runs {@code satin bench model} tiny, to check that every part runs (the write probe and TSP on 2 node JVMs) and is
 * reported, and that the write probe measured on both nodes; times are not asserted.
 */
@Timeout(180)
class ModelBenchCommandTest {

    private static String[] run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ModelBenchCommand());
        cl.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        assertEquals(expectedExit, cl.execute(args), err + "\n" + out);
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void reportsEveryPart() {
        String out = run(0, "--n", "12", "--repeat", "1", "--warmup", "0", "--local-warmup", "1",
                "--local-repeat", "3", "--remote-warmup", "1", "--remote-repeat",
                "2", "--depth", "2", "--writes", "5", "--tsp", "9 1 2", "--tsp-rounds", "1")[0];
        assertTrue(out.matches("(?s).*abort latency, one JVM, 2 workers, tree of 2 levels, leaf on the other worker: "
                + "median [0-9.]+ us, 90th percentile [0-9.]+ us, max [0-9.]+ us over 3 rounds after 1 untimed ones, "
                + "[0-3] of 3 within the target \\(<= 1000 us\\): (met|missed).*"), out);
        assertTrue(out.contains("spawn under an inlet"), out);
        assertTrue(out.contains("abort latency, 2 JVMs (tcp), the spinning leaf on the other node: median"), out);
        assertTrue(out.matches("(?s).*90th percentile [0-9.]+ us, max [0-9.]+ us over 2 rounds after 1 untimed ones, "
                + "[0-2] of 2 within the target \\(the first 2 rounds, JIT-cold: median .*"), out);
        assertTrue(out.contains("round trip measured now (IPL tcp as the run: authenticated, not encrypted, 1 B, median "
                + "of 2000 after 500): "), out);
        assertTrue(out.matches("(?s).*write method latency.*on the master [0-9., ]+ us, on the other node [0-9., ]+ us.*"),
                out);
        assertTrue(out.contains("TSP 9 1 2 on 2 JVMs"), out);
    }

    @Test
    void rejectsBadArguments() {
        assertTrue(run(2, "--tsp", "9 1")[1].contains("--tsp \"CITIES SEED DEPTH\""));
        assertTrue(run(2, "--remote-warmup", "-1")[1].contains("--remote-warmup >= 0"));
        assertTrue(run(2, "--remote-repeat", "0")[1].contains("--remote-repeat >= 1"));
        assertTrue(run(2, "--local-repeat", "0")[1].contains("--local-repeat >= 1"));
        assertTrue(run(2, "--local-warmup", "-1")[1].contains("--local-warmup >= 0"));
    }
}
