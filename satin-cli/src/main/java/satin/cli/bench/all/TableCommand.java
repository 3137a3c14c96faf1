package satin.cli.bench.all;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code satin bench table FILE}: the Markdown table of a {@code satin bench all --json} file, for the READMEs. */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "Prints the Markdown table (with its provenance line) of a file written by 'satin bench all --json'.")
public final class TableCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "a JSON file of 'satin bench all'")
    private Path file;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        BenchRecord record;
        try {
            record = new ObjectMapper().readValue(Files.readAllBytes(file), BenchRecord.class);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "cannot read " + file + " as a 'satin bench all' result: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(markdown(record));
        return 0;
    }

    /** The provenance line, the table of application cases, and a table of every other benchmark's figures. */
    static String markdown(BenchRecord r) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "`satin bench all --runs %d`, %s to %s; %d processors (%s), %s; "
                        + "load average %.2f before, %.2f after.%n%n", r.runs(), r.started(), r.finished(),
                r.machine().processors(), r.machine().cpu(), r.jdk(), r.loadBefore(), r.loadAfter()));
        if (!r.rows().isEmpty()) {
            s.append("| suite | case | size | t_s [s] | t_1 [s] | t_p [s] | t_1/t_s | CPU t_1/t_s | efficiency | same answer |\n");
            s.append("|---|---|---|---|---|---|---|---|---|---|\n");
        }
        for (BenchRecord.Row row : r.rows()) {
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %.3f | %.3f | %.3f | %.2f | %.2f | %.2f | %s |%n",
                    row.suite(), row.name(), row.size(), row.ts(), row.t1(), row.tp(), row.t1OverTs(),
                    row.cpuT1OverTs(), row.efficiency(), row.sameAnswer() ? "yes" : "NO"));
        }
        BenchRecord.Benchmark startup = r.benchmarks() == null ? null : r.benchmarks().get("startup");
        if (startup != null && startup.status() == 0) {
            s.append(startupTable(startup));
        }
        if (r.benchmarks() != null && !r.benchmarks().isEmpty()) {
            s.append(String.format("%n| benchmark | figure | value |%n|---|---|---|%n"));
            r.benchmarks().forEach((name, b) -> {
                if (b.status() != 0) {
                    s.append(String.format(Locale.ROOT, "| %s | (failed with status %d: `%s`) | |%n", name, b.status(),
                            b.command()));
                }
                b.figures().forEach((figure, value) -> s.append(String.format(Locale.ROOT, "| %s | %s | %.3f |%n",
                        name, figure, value)));
            });
        }
        return s.toString();
    }

    /** The start-up figures as the issue states them: whole {@code satin run} processes and the extra over one JVM. */
    private static String startupTable(BenchRecord.Benchmark b) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%n`%s` (medians; load average %.2f before, "
                + "%.2f after):%n%n| `satin run` | whole process [s] | minus one JVM [s] |%n|---|---|---|%n",
                b.command(), b.loadBefore(), b.loadAfter()));
        String[][] variants = {{"oneJvm", "`fib N`, one JVM"}, {"nodes2", "`--nodes 2 fib N`"},
                {"nodes4Clusters2", "`--nodes 4 --clusters 2 fib N`"}};
        for (String[] v : variants) {
            Double whole = b.figures().get(v[0] + ".s");
            Double extra = b.figures().get(v[0] + ".extraS");
            if (whole != null) {
                s.append(String.format(Locale.ROOT, "| %s | %.3f | %s |%n", v[1], whole,
                        extra == null ? "" : String.format(Locale.ROOT, "%.3f", extra)));
            }
        }
        return s.toString();
    }
}
