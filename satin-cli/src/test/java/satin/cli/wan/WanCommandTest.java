package satin.cli.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class WanCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new WanCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void helpAndPresetList() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("Usage: wan") && out.toString().contains("--topology"));
        assertEquals(0, run());
        assertTrue(out.toString().contains("gridlab-night") && out.toString().contains("table2.1-200ms-100KBs"));
    }

    @Test
    void printsResolvedLinksOfAPreset() {
        assertEquals(0, run("--topology", "gridlab-day"));
        assertTrue(out.toString().contains("Lecce          -> Berlin         latency=89ms bandwidth=7.5KB/s"),
                out.toString());
    }

    @Test
    void badFileIsReportedWithItsLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.wan");
        Files.writeString(bad, "default latency=1ms\nlink a <-> b loss=2\n");
        assertEquals(2, run("--topology", bad.toString()));
        assertTrue(err.toString().contains("bad.wan:2: loss '2' must be in [0, 1)"), err.toString());
    }
}
