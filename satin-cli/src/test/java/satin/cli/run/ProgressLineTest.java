package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.StringWriter;
import java.util.List;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.runtime.node.report.NodeProgress;

/**
 * {@code satin run --progress}: the line's figures are the run's own statistics (the summary line at the end of a
 * run shows exactly what {@code --stats} counts), in one JVM and across node JVMs that report to their launcher.
 */
@Timeout(180)
class ProgressLineTest {

    private static final Pattern ONE_JVM = Pattern.compile(
            "satin run: \\d+:\\d\\d \\| ([\\d,]+) jobs \\| steals ([\\d,]+) \\| busy (\\d+)%");
    private static final Pattern NODES = Pattern.compile("satin run: \\d+:\\d\\d \\| ([\\d,]+) jobs \\| steals local "
            + "([\\d,]+) / intra-cluster ([\\d,]+) / wide-area ([\\d,]+) \\| busy cluster0 (\\d+)% cluster1 (\\d+)%");

    private static long number(String s) {
        return Long.parseLong(s.replace(",", ""));
    }

    @Test
    void oneJvmSummaryCountsTheJobsAndStealsOfTheStatistics() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--progress", "--stats=full", "--workers", "2", "fib", "22");
        assertEquals(0, o.exit(), o.describe());
        Matcher m = ONE_JVM.matcher(o.err());
        assertTrue(m.find(), o.describe());
        Matcher total = Pattern.compile("total\\s+\\d+\\s+\\d+\\s+(\\d+)\\s+\\d+\\s+(\\d+)").matcher(o.out());
        assertTrue(total.find(), o.describe());
        assertEquals(Long.parseLong(total.group(1)), number(m.group(1)), "jobs");
        assertEquals(Long.parseLong(total.group(2)), number(m.group(2)), "steals");
        int busy = Integer.parseInt(m.group(3));
        assertTrue(busy > 0 && busy <= 100, o.describe());
    }

    @Test
    void multiNodeSummaryAddsUpTheNodesReports(@TempDir Path dir) throws Exception {
        Path stats = dir.resolve("stats.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--progress", "--nodes", "2", "--clusters", "2", "--workers", "1",
                "--insecure", "--stats-json", stats.toString(), "fib", "24");
        assertEquals(0, o.exit(), o.describe());
        assertFalse(o.err().contains(ProgressWire.PREFIX), "the nodes' reports are the launcher's, not relayed: "
                + o.describe());
        Matcher m = NODES.matcher(o.err());
        assertTrue(m.find(), o.describe());
        JsonNode total = MultiNodeRuns.json(stats).get("total");
        assertEquals(total.get("jobsExecuted").asLong(), number(m.group(1)), "jobs");
        assertEquals(total.get("localSteals").asLong(), number(m.group(2)), "local steals");
        assertEquals(total.get("intraClusterSteals").asLong(), number(m.group(3)), "intra-cluster steals");
        assertEquals(total.get("interClusterSteals").asLong(), number(m.group(4)), "wide-area steals");
    }

    @Test
    void statusLineIsErasedBeforeOtherTextOnATerminal() {
        StringWriter screen = new StringWriter();
        StatusLineWriter err = new StatusLineWriter(screen, true);
        err.status("12 jobs");
        err.println("a node's warning");
        err.status("3 jobs");
        assertEquals("\r12 jobs\r       \ra node's warning" + System.lineSeparator() + "\r3 jobs", screen.toString());
    }

    /**
     * Issue 29 item 4: the program's standard output shares the terminal with the status line on standard error; it
     * erases the status first, and no status is drawn on a line the program has not finished.
     */
    @Test
    void programOutputNeverSharesALineWithTheStatus() throws Exception {
        StringWriter screen = new StringWriter();
        StatusLineWriter err = new StatusLineWriter(screen, true);
        java.io.OutputStream stdout = new BesideStatusOutput(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                screen.write(b);
            }
        }, err);
        err.status("busy cluster0 97% cluster1 46%");
        stdout.write("fib(40) = ".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        err.status("busy cluster0 98% cluster1 47%"); // would land inside the program's line
        stdout.write("102334155\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        err.status("busy cluster0 99% cluster1 48%");
        assertEquals(List.of("fib(40) = 102334155", "busy cluster0 99% cluster1 48%"), rendered(screen.toString()));
    }

    /** What a terminal shows for {@code text}: each carriage return moves back to the line's start to overwrite. */
    static List<String> rendered(String text) {
        List<String> lines = new java.util.ArrayList<>();
        for (String raw : text.split("\r?\n", -1)) {
            StringBuilder line = new StringBuilder();
            int column = 0;
            for (char c : raw.toCharArray()) {
                if (c == '\r') {
                    column = 0;
                } else {
                    if (column < line.length()) {
                        line.setCharAt(column, c);
                    } else {
                        line.append(c);
                    }
                    column++;
                }
            }
            lines.add(line.toString().stripTrailing());
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    @Test
    void wireLinesCarryEveryFigureAndOtherLinesAreLeftAlone() {
        NodeProgress p = new NodeProgress(5, 1, 2, 3, 4, 6_000, 5_000);
        ProgressWire.Report r = ProgressWire.parse(ProgressWire.format("node1", "cluster1", p));
        assertNotNull(r);
        assertEquals(new ProgressWire.Report("node1", "cluster1", p), r);
        assertEquals(null, ProgressWire.parse("warning: satin-progress is mentioned"));
        ProgressBoard board = new ProgressBoard(true);
        board.report("node1", "cluster1", p);
        board.report("node0", "cluster0", new NodeProgress(10, 0, 0, 0, 1, 1_000, 250));
        assertTrue(board.summary().endsWith("| 15 jobs | steals local 1 / intra-cluster 2 / wide-area 3 | busy "
                + "cluster0 25% cluster1 83%"), board.summary());
    }
}
