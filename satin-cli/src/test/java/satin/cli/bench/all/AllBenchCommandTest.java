package satin.cli.bench.all;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import satin.apps.cases.BenchCases;
import satin.cli.bench.apps.StylesBenchCommand;

class AllBenchCommandTest {

    private static String[] run(Callable<Integer> command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int status = cli.execute(args);
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void writesOneJsonWithEveryCaseAndTheTableShowsEachRow(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        String[] result = run(new AllBenchCommand(), "--quick", "--runs", "1", "--benchmarks", "apps,styles",
                "--json", json.toString());
        assertEquals("0", result[0], result[1] + result[2]);

        BenchRecord record = new ObjectMapper().readValue(json.toFile(), BenchRecord.class);
        List<String> expected = Stream.concat(BenchCases.all(BenchCases.Scale.QUICK).keySet().stream(),
                BenchCases.styles(BenchCases.Scale.QUICK).keySet().stream()).sorted().toList();
        assertEquals(expected, record.rows().stream().map(BenchRecord.Row::name).sorted().toList());
        for (BenchRecord.Row row : record.rows()) {
            assertTrue(row.sameAnswer(), row.toString());
            assertEquals(row.t1() / row.ts(), row.t1OverTs(), 1e-9, row.toString());
            assertTrue(row.ts() > 0 && row.t1() > 0 && row.tp() > 0, row.toString());
        }
        assertEquals(Runtime.getRuntime().availableProcessors(), record.machine().processors());
        assertTrue(record.jdk().contains(Runtime.version().toString()), record.jdk());

        String[] table = run(new TableCommand(), json.toString());
        assertEquals("0", table[0], table[2]);
        for (BenchRecord.Row row : record.rows()) {
            assertTrue(table[1].lines().anyMatch(l -> l.startsWith("| " + row.suite() + " | " + row.name() + " |")),
                    row.name() + " in\n" + table[1]);
        }
        assertTrue(table[1].contains("load average"), table[1]);
    }

    @Test
    void otherBenchmarksRunAsCommandsAndTheirFiguresLandInTheRecordAndTheTable(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        String[] result = run(new AllBenchCommand(), "--quick", "--benchmarks", "spawn,ipl,nodes", "--json",
                json.toString());
        assertEquals("0", result[0], result[1] + result[2]);

        BenchRecord record = new ObjectMapper().readValue(json.toFile(), BenchRecord.class);
        assertTrue(record.rows().isEmpty(), record.rows().toString());
        assertEquals(List.of("spawn", "ipl", "nodes"), List.copyOf(record.benchmarks().keySet()));
        BenchRecord.Benchmark spawn = record.benchmarks().get("spawn");
        assertEquals(0, spawn.status());
        assertTrue(spawn.command().startsWith("satin bench spawn --n 15"), spawn.command());
        assertEquals(1.0, spawn.figures().get("sequentialJava.threads1.vsSequential"), 1e-12, spawn.toString());
        assertTrue(spawn.figures().get("forkJoinPool.threads1.ms") > 0, spawn.toString());
        BenchRecord.Benchmark ipl = record.benchmarks().get("ipl");
        assertTrue(ipl.figures().get("roundTripUs.tcp.1B") > 0, ipl.toString());
        assertTrue(ipl.figures().containsKey("target.tcpTls.smallRoundTripVsPlain"), ipl.toString());
        BenchRecord.Benchmark nodes = record.benchmarks().get("nodes");
        assertEquals(1.0, nodes.figures().get("1JVMX1Worker.speedup"), 1e-12, nodes.toString());
        assertTrue(nodes.figures().get("2JVMsX1Worker.ms") > 0, nodes.toString());

        String[] table = run(new TableCommand(), json.toString());
        assertEquals("0", table[0], table[2]);
        assertTrue(table[1].contains("| spawn | sequentialJava.threads1.ms |"), table[1]);
        assertTrue(table[1].contains("| nodes | 2JVMsX1Worker.speedup |"), table[1]);
    }

    @Test
    void startUpTimesWholeRunProcessesAndTheTableShowsTheExtraOverOneJvm(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        String[] result = run(new AllBenchCommand(), "--quick", "--benchmarks", "startup", "--json", json.toString());
        assertEquals("0", result[0], result[1] + result[2]);

        BenchRecord.Benchmark startup = new ObjectMapper().readValue(json.toFile(), BenchRecord.class).benchmarks()
                .get("startup");
        assertEquals(0, startup.status(), startup.toString());
        assertTrue(startup.command().startsWith("satin bench startup --n 10"), startup.command());
        for (String variant : List.of("nodes2", "nodes4Clusters2")) {
            double whole = startup.figures().get(variant + ".s");
            assertTrue(whole > 0, startup.toString());
            assertEquals(whole - startup.figures().get("oneJvm.s"), startup.figures().get(variant + ".extraS"), 1e-9,
                    startup.toString());
        }

        String[] table = run(new TableCommand(), json.toString());
        assertEquals("0", table[0], table[2]);
        assertTrue(table[1].contains("| `satin run` | whole process [s] | minus one JVM [s] |"), table[1]);
        assertTrue(table[1].lines().anyMatch(l -> l.startsWith("| `--nodes 4 --clusters 2 fib N` | ")), table[1]);
        assertFalse(table[1].contains("| suite | case |"), "no application table without cases:\n" + table[1]);
    }

    @Test
    void anUnknownBenchmarkIsAnErrorNamingTheChoices(@TempDir Path dir) {
        String[] result = run(new AllBenchCommand(), "--quick", "--benchmarks", "spawn,warp", "--json",
                dir.resolve("x.json").toString());
        assertEquals("2", result[0]);
        assertTrue(result[2].contains("no benchmark 'warp'; choose from [apps, styles, startup, spawn, uts, nodes, ipl, "
                + "faults, model]"), result[2]);
    }

    @Test
    void aFileThatIsNoBenchResultIsAnErrorNamingIt(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"not\": 1}");
        String[] result = run(new TableCommand(), bad.toString());
        assertEquals("2", result[0]);
        assertTrue(result[2].contains("cannot read " + bad), result[2]);
    }

    @Test
    void stylesQuickRunGivesTheSequentialAnswers() {
        String[] result = run(new StylesBenchCommand(), "--quick", "--runs", "1");
        assertEquals("0", result[0], result[1] + result[2]);
        for (String name : BenchCases.styles(BenchCases.Scale.QUICK).keySet()) {
            assertTrue(result[1].lines().anyMatch(l -> l.startsWith(name + " ") && l.endsWith(" yes")),
                    name + " in\n" + result[1]);
        }
    }
}
