package satin.cli.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The experiment commands end to end at a tiny size: real node JVMs (launched from this JVM's class path) running
 * the virtual-work program over the WAN emulation, the simulator in the same command, JSON and PNG charts.
 */
@Timeout(300)
class ExperimentCommandTest {
    @TempDir
    Path dir;

    record Outcome(int exit, String out, String err) {
        String describe() {
            return "exit " + exit + "\nout:\n" + out + "\nerr:\n" + err;
        }
    }

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ExperimentCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    @Test
    void runEmulatesAndSimulatesTheSameTreeOnTwoClusters() throws Exception {
        Path json = dir.resolve("run.json");
        // 16 leaves of 25 ms (scaled: 12.5 ms waits), 4 nodes in 2 clusters 20 ms apart (scaled: 10 ms).
        Outcome o = run("run", "--nodes", "4", "--clusters", "2", "--tree",
                "ai,totalNanos=400000000,leafNanos=25000000,irregularity=0", "--time-scale", "2",
                "--policies", "RS,CRS", "--json", json.toString());
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.out().contains("RS   emulated") && o.out().contains("CRS  simulated"), o.describe());
        assertTrue(o.err().contains("[2/2"), "a progress line per step on stderr: " + o.describe());
        JsonNode cells = new ObjectMapper().readTree(json.toFile()).get("cells");
        assertEquals(2, cells.size(), cells.toPrettyString());
        for (JsonNode cell : cells) {
            JsonNode emulated = cell.get("emulated").get("median");
            JsonNode simulated = cell.get("simulated");
            // The same tree from the same spec and seed: every job of the simulator's tree ran once on the nodes.
            assertEquals(simulated.get("jobs").asLong(), emulated.get("jobs").asLong(), cell.toPrettyString());
            assertTrue(emulated.get("interMessages").asLong() > 0, "work crossed the emulated link: " + cell);
            // one host JVM: the master's host saw every node's counters at the measured tree's start and end
            assertTrue(emulated.get("countsOverTreeOnly").asBoolean(), cell.toPrettyString());
            // Each worker's waits sum to at least what its jobs asked less what it may still owe, 1.1 ms (PreciseWait:
            // a balance per run, so no lateness from the warm-up is paid back here): 4 nodes cannot beat t_s / 4 by more.
            double ts = emulated.get("sequentialSeconds").asDouble();
            double owed = 4 * 1.1e-3;
            double e = emulated.get("gridEfficiency").asDouble();
            assertTrue(e > 0 && e <= ts / (ts - owed), "an efficiency: " + e + " " + emulated);
        }
    }

    @Test
    void emulatedAndSimulatedEfficiencyAgreeOnCoarseJobs() throws Exception {
        Path json = dir.resolve("coarse.json");
        // 2 nodes, one cluster, 8 jobs of 200 ms: the runtime's real costs (messages, JVM scheduling) are small
        // against the job times, so the emulation must land near the simulator. Stated margin: 15 points, which
        // covers a loaded 2-core machine (measured: within 3 points when quiet).
        Outcome o = run("run", "--nodes", "2", "--clusters", "1", "--tree",
                "ai,totalNanos=1600000000,leafNanos=200000000,irregularity=0", "--time-scale", "1",
                "--json", json.toString(), "--quiet");
        assertEquals(0, o.exit(), o.describe());
        JsonNode cell = new ObjectMapper().readTree(json.toFile()).get("cells").get(0);
        double emulated = cell.get("emulated").get("median").get("gridEfficiency").asDouble();
        double simulated = cell.get("simulated").get("gridEfficiency").asDouble();
        assertTrue(Math.abs(emulated - simulated) < 0.15, "emulated " + emulated + " vs simulated " + simulated);
        assertTrue(o.err().isEmpty(), "--quiet: no progress: " + o.err());
    }

    @Test
    void table21PrintsTheThreeColumnsForEveryCellWithJsonAndCharts() throws Exception {
        Path json = dir.resolve("t21.json");
        Path charts = dir.resolve("charts");
        Outcome o = run("table2.1", "--nodes", "4", "--apps", "ai", "--settings", "single,20ms_1000KBs",
                "--time-scale", "50", "--leaf-ms", "40000", "--json", json.toString(), "--out", charts.toString());
        assertEquals(0, o.exit(), o.describe());
        // emulated±spread, simulated and paper figures in both cells of both rows
        long rows = o.out().lines().filter(l -> l.matches("adaptive integration +(RS|CRS) +\\|( +[0-9.]+±[0-9.]+ +[0-9.]+ +[0-9.]+ *\\|?){2}"))
                .count();
        assertEquals(2, rows, o.describe());
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertEquals(4, root.get("cells").size(), root.toPrettyString());
        assertTrue(root.get("cells").get(0).get("paperEfficiency").asDouble() > 0.9, root.toPrettyString());
        assertTrue(Files.size(charts.resolve("experiment-table-2.1-rs.png")) > 1000);
        assertTrue(Files.size(charts.resolve("experiment-table-2.1-crs.png")) > 1000);
        assertTrue(o.out().contains("machine: "), "the load it ran under: " + o.describe());
    }

    @Test
    void badInputIsOneLineNamingTheCause() {
        Outcome nodes = run("table2.1", "--nodes", "6", "--quiet");
        assertEquals(2, nodes.exit(), nodes.describe());
        assertTrue(nodes.err().contains("--nodes 6 cannot be split into 4 equal clusters"), nodes.describe());
        Outcome setting = run("table2.1", "--settings", "30ms", "--quiet");
        assertEquals(2, setting.exit(), setting.describe());
        assertTrue(setting.err().contains("unknown setting '30ms'"), setting.describe());
        Outcome scale = run("run", "--time-scale", "0", "--quiet");
        assertEquals(2, scale.exit(), scale.describe());
        assertTrue(scale.err().contains("--time-scale must be positive"), scale.describe());
        Outcome trace = run("run", "--trace", dir.resolve("missing.trace").toString(), "--quiet");
        assertEquals(2, trace.exit(), trace.describe());
        assertTrue(trace.err().contains("trace file not found"), trace.describe());
        Outcome period = run("gridlab");
        assertEquals(2, period.exit(), period.describe());
    }
}
