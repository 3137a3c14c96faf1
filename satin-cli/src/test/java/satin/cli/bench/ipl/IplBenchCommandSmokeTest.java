package satin.cli.bench.ipl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** Runs the benchmark at toy sizes: it must produce its tables and skip absent implementations. */
class IplBenchCommandSmokeTest {
    @Test
    void printsTablesWithRatiosAndSkipsMissingImplementations() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        IplBenchCommand command = new IplBenchCommand(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        int code = new CommandLine(command).execute("--sizes", "1,1024", "--rounds", "20", "--round-bytes", "1",
                "--stream-bytes", "2048", "--repeats", "1", "--warm-up", "0", "--implementations", "tcp,no-such-impl",
                "--jpvm-table", "does-not-exist.csv", "--quiet");
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("'no-such-impl' is not on the class path; skipped"), out);
        assertTrue(out.contains("tcp/netty"), out);
        assertTrue(out.contains("target tcp: small-message (1 B) round trip"), out);
        assertTrue(out.contains("tcp+tls/netty"), out);
        assertTrue(out.contains("target tcp+tls: small-message (1 B) round trip"), out);
        assertTrue(out.contains("x plain tcp (target <= 1.20)"), out);
        assertTrue(out.contains("int/byte"), out);
        assertTrue(out.contains("Processor time per MiB"), out);
    }

    @Test
    void refusesANegativeWarmUp() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cli = new CommandLine(new IplBenchCommand(new PrintStream(new ByteArrayOutputStream())));
        cli.setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8));
        assertEquals(2, cli.execute("--warm-up", "-1", "--quiet"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--warm-up must be at least 0"), err.toString());
    }
}
