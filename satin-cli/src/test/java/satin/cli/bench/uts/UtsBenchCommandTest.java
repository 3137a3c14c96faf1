package satin.cli.bench.uts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs the benchmark on small trees, to check that it works and reports every variant; times are not asserted. */
@Timeout(120)
class UtsBenchCommandTest {

    private static String[] run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new UtsBenchCommand());
        cl.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        assertEquals(expectedExit, cl.execute(args), err.toString());
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void printsARowPerVariantAndWritesTheFigures(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("uts.json");
        String out = run(0, "--trees", "7,T3", "--repeat", "1", "--warmup", "0", "--threads", "2", "--stats",
                "--json", json.toString())[0];
        assertTrue(out.contains("UTS 7 (-t 1 -a 3 -d 7 -b 4 -r 19)"), out);
        assertTrue(out.contains("UTS T3 (-t 0 -b 2000 -q 0.124875 -m 8 -r 42), 4,112,897 nodes"), out);
        for (String row : new String[] {"sequential           1", "ForkJoinPool         1", "ForkJoinPool         2",
                "satin                1", "satin                2"}) {
            assertTrue(out.contains(row), row + " in\n" + out);
        }
        assertTrue(out.contains("statistics of satin, 2 workers"), out);
        Map<String, Double> figures = new ObjectMapper().readValue(json.toFile(),
                new TypeReference<Map<String, Double>>() { });
        assertEquals(4_112_897.0, figures.get("uts.treeT3.nodes"));
        assertTrue(figures.get("uts.treeT3.satin.threads2.nsPerNode") > 0, figures.toString());
        assertTrue(figures.containsKey("uts.tree7.forkJoinPool.threads1.vsSequential"), figures.toString());
        // --stats: what a node cost each variant's own threads; ForkJoinPool's threads are not told apart
        assertTrue(out.contains("busy-ns/node"), out);
        assertTrue(figures.get("uts.treeT3.sequential.threads1.busyNsPerNode") > 0, figures.toString());
        assertTrue(figures.get("uts.treeT3.satin.threads1.busyNsPerNode") > 0, figures.toString());
        // on a tree this small two workers are parked much of the time, and busy is CPU time less idle wall time,
        // so it may come out below zero there: only that the figure is written
        assertTrue(figures.containsKey("uts.treeT3.satin.threads2.busyNsPerNode"), figures.toString());
        assertTrue(!figures.containsKey("uts.treeT3.forkJoinPool.threads2.busyNsPerNode"), figures.toString());
    }

    @Test
    void runsOnlyTheChosenVariantsBesideTheSequentialWalk() {
        String out = run(0, "--trees", "5", "--repeat", "1", "--warmup", "0", "--variants", "satinN")[0];
        assertTrue(out.contains("sequential "), out);
        assertTrue(out.contains("satin "), out);
        assertTrue(!out.contains("ForkJoinPool "), out);
    }

    @Test
    void rejectsAnUnknownTree() {
        assertTrue(run(2, "--trees", "T9")[1].contains("unknown tree 'T9'"));
    }
}
