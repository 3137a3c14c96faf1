package satin.cli.bench.all;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        String[] result = run(new AllBenchCommand(), "--quick", "--runs", "1", "--json", json.toString());
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
