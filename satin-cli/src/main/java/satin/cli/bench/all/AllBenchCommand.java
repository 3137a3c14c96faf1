package satin.cli.bench.all;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.cases.BenchCase;
import satin.apps.cases.BenchCases;
import satin.apps.fib.Fib;
import satin.cli.bench.apps.AppsBench;
import satin.cli.bench.apps.Measurement;
import satin.cli.bench.apps.Rewriting;
import satin.cli.bench.apps.RuntimeRunner;
import satin.runtime.RuntimeConfig;

/**
 * {@code satin bench all --json FILE}: every benchmark at its fixed size, one JSON file. The application suites
 * ({@code apps}, {@code styles}) become rows of t_s, t_1 and t_p; every other benchmark runs as its own command
 * with fixed arguments ({@link OtherBenchmarks}) and contributes the figures it writes with its {@code --json}.
 */
@Command(name = "all", mixinStandardHelpOptions = true,
        description = {
            "Runs every benchmark at fixed sizes and writes their figures to one JSON file.",
            "First 'bench apps' and 'bench styles' (t_s, t_1, t_p per case, medians of --runs), then 'bench "
                + "startup', 'spawn', 'uts', 'nodes', 'ipl', 'faults' and 'model' with fixed arguments; the file "
                + "holds the machine, the JDK, the load average before and after, every ratio and every figure. "
                + "'satin bench table FILE' prints the README tables from it.",
            "Takes about 15 minutes on 2 cores: apps and styles about half, then startup 0.5, spawn 0.1, uts "
                + "2, nodes 2, ipl 1.3, faults 3.6 and model 0.1 minutes."})
public final class AllBenchCommand implements Callable<Integer> {

    @Option(names = "--json", required = true, paramLabel = "FILE", description = "where to write the results")
    private Path json;

    @Option(names = "--runs", paramLabel = "N",
            defaultValue = "3", description = "run rounds per case (default ${DEFAULT-VALUE})")
    private int runs;

    @Option(names = "--quick", description = "tiny sizes (a smoke test; the figures mean little)")
    private boolean quick;

    @Option(names = "--benchmarks", split = ",", paramLabel = "NAME",
            description = "which benchmarks to run, of apps, styles, startup, spawn, uts, nodes, ipl, faults, model "
                    + "(default: all of them)")
    private List<String> benchmarks;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (runs < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--runs must be at least 1, got " + runs);
        }
        if (!Rewriting.isRewritten(Fib.class)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "the applications on the class path are not rewritten: build with Maven (the plugin rewrites them)");
        }
        Path parent = json.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no such directory: " + parent);
        }
        List<String> chosen = benchmarks == null ? OtherBenchmarks.ALL : benchmarks;
        for (String name : chosen) {
            if (!OtherBenchmarks.ALL.contains(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "no benchmark '" + name
                        + "'; choose from " + OtherBenchmarks.ALL);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        BenchCases.Scale scale = quick ? BenchCases.Scale.QUICK : BenchCases.Scale.STANDARD;
        int workers = Runtime.getRuntime().availableProcessors();
        String started = Instant.now().toString();
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        List<BenchRecord.Row> rows = new ArrayList<>();
        try (RuntimeRunner runtime = new RuntimeRunner(RuntimeConfig.defaults().withName("bench"))) {
            AppsBench bench = new AppsBench(runtime, workers, runs);
            for (Map.Entry<String, Map<String, Supplier<BenchCase>>> suite
                    : Map.of("apps", BenchCases.all(scale), "styles", BenchCases.styles(scale)).entrySet().stream()
                    .filter(suite -> chosen.contains(suite.getKey()))
                    .sorted(Map.Entry.comparingByKey()).toList()) {
                List<BenchCase> cases = suite.getValue().values().stream().map(Supplier::get).toList();
                for (Measurement m : bench.measureAll(cases, out)) {
                    rows.add(new BenchRecord.Row(suite.getKey(), m.app(), m.size(), m.sequential(), m.oneWorker(),
                            m.allWorkers(), m.workers(), m.overhead(), m.cpuOverhead(), m.efficiency(),
                            m.sameAnswer()));
                }
            }
        }
        Map<String, BenchRecord.Benchmark> others = new OtherBenchmarks(quick, out, spec.commandLine().getErr())
                .run(chosen.stream().filter(OtherBenchmarks.NAMES::contains).toList());
        double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        BenchRecord record = new BenchRecord(started, Instant.now().toString(), machine(),
                System.getProperty("java.vm.name") + " " + Runtime.version(), loadBefore, loadAfter, runs, rows,
                others);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), record);
        out.println("wrote " + json + " (" + rows.size() + " cases, " + others.size() + " other benchmarks); "
                + "'satin bench table " + json + "' prints the tables");
        return rows.stream().allMatch(BenchRecord.Row::sameAnswer)
                && others.values().stream().allMatch(b -> b.status() == 0) ? 0 : 1;
    }

    private static BenchRecord.Machine machine() {
        String cpu = "unknown";
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) {
            try (Stream<String> lines = Files.lines(info)) {
                cpu = lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                        .findFirst().orElse(cpu);
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                cpu = "unknown (" + e.getMessage() + ")";
            }
        }
        return new BenchRecord.Machine(Runtime.getRuntime().availableProcessors(), System.getProperty("os.name") + " "
                + System.getProperty("os.version"), System.getProperty("os.arch"), cpu,
                Runtime.getRuntime().maxMemory() >> 20);
    }
}
