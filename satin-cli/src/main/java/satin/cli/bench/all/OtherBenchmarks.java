package satin.cli.bench.all;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import satin.cli.bench.faults.FaultsBenchCommand;
import satin.cli.bench.ipl.IplBenchCommand;
import satin.cli.bench.model.ModelBenchCommand;
import satin.cli.bench.nodes.NodesBenchCommand;
import satin.cli.bench.spawn.SpawnBenchCommand;
import satin.cli.bench.startup.StartupBenchCommand;
import satin.cli.bench.uts.UtsBenchCommand;

/**
 * The benchmarks of {@code satin bench all} other than the application suites, each run as its own command with
 * fixed arguments (one set for the record, one tiny set for {@code --quick}) and its {@code --json} pointed at a
 * scratch file, which is read back as that benchmark's figures. A benchmark that fails is recorded with its status
 * and no figures; the others still run.
 */
final class OtherBenchmarks {

    /** A benchmark: how to make the command, its arguments for the record, its arguments for a smoke test. */
    private record Spec(Supplier<Object> command, List<String> standard, List<String> quick) {
    }

    private static final Map<String, Spec> SPECS = specs();

    /** The names of these benchmarks, in the order they run. */
    static final List<String> NAMES = List.copyOf(SPECS.keySet());

    /** Every benchmark {@code satin bench all} knows: the two application suites, then these. */
    static final List<String> ALL = Stream.concat(Stream.of("apps", "styles"), NAMES.stream()).toList();

    private static Map<String, Spec> specs() {
        Map<String, Spec> specs = new LinkedHashMap<>();
        // whole satin run processes: first, before the longer benchmarks leave the load average high
        specs.put("startup", new Spec(StartupBenchCommand::new, List.of("--n", "20", "--runs", "5"),
                List.of("--n", "10", "--runs", "1")));
        specs.put("spawn", new Spec(SpawnBenchCommand::new, List.of("--n", "35", "--repeat", "5", "--warmup", "3"),
                List.of("--n", "15", "--repeat", "1", "--warmup", "0")));
        specs.put("uts", new Spec(UtsBenchCommand::new, List.of("--trees", "12,T3L", "--repeat", "3", "--warmup", "1"),
                List.of("--trees", "6", "--repeat", "1", "--warmup", "0")));
        specs.put("nodes", new Spec(NodesBenchCommand::new, List.of("--n", "16", "--repeat", "3"),
                List.of("--n", "8", "--repeat", "1")));
        // the IPL benchmark prints to standard output whatever this command's output is
        specs.put("ipl", new Spec(IplBenchCommand::new, List.of("--repeats", "3", "--warm-up", "5", "--quiet"),
                List.of("--sizes", "1,1024", "--rounds", "20", "--round-bytes", "1", "--stream-bytes", "2048",
                        "--repeats", "1", "--warm-up", "0", "--quiet")));
        specs.put("faults", new Spec(FaultsBenchCommand::new, List.of("--n", "15", "--repeat", "3"),
                List.of("--n", "12", "--repeat", "1")));
        specs.put("model", new Spec(ModelBenchCommand::new, List.of("--tsp-rounds", "3"),
                List.of("--n", "12", "--repeat", "1", "--warmup", "0", "--depth", "2", "--writes", "5", "--tsp",
                        "9 1 2", "--tsp-rounds", "1")));
        return specs;
    }

    private final boolean quick;
    private final PrintWriter out;
    private final PrintWriter err;

    OtherBenchmarks(boolean quick, PrintWriter out, PrintWriter err) {
        this.quick = quick;
        this.out = out;
        this.err = err;
    }

    /** Runs the named benchmarks one after the other; their records by name. */
    Map<String, BenchRecord.Benchmark> run(List<String> names) throws IOException {
        Map<String, BenchRecord.Benchmark> records = new LinkedHashMap<>();
        Path scratch = Files.createTempDirectory("satin-bench-all-");
        try {
            for (String name : names) {
                records.put(name, runOne(name, scratch.resolve(name + ".json")));
            }
        } finally {
            try (Stream<Path> files = Files.list(scratch)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(scratch);
        }
        return records;
    }

    private BenchRecord.Benchmark runOne(String name, Path json) throws IOException {
        Spec spec = SPECS.get(name);
        List<String> args = new ArrayList<>(quick ? spec.quick() : spec.standard());
        String command = "satin bench " + name + " " + String.join(" ", args);
        out.println();
        out.println("== " + command);
        out.flush();
        args.addAll(List.of("--json", json.toString()));
        CommandLine cli = new CommandLine(spec.command().get());
        cli.setOut(out);
        cli.setErr(err);
        double loadBefore = load();
        int status = cli.execute(args.toArray(String[]::new));
        double loadAfter = load();
        Map<String, Double> figures = Map.of();
        if (status == 0 && Files.exists(json)) {
            figures = new ObjectMapper().readValue(json.toFile(), new TypeReference<LinkedHashMap<String, Double>>() { });
        } else {
            err.println("bench all: '" + command + "' failed with status " + status + "; recorded without figures");
            err.flush();
        }
        return new BenchRecord.Benchmark(command, status, loadBefore, loadAfter, figures);
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
