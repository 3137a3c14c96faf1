package satin.cli.bench.apps;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import satin.apps.cases.BenchCase;
import satin.apps.cases.BenchCases;
import satin.apps.fib.Fib;
import satin.runtime.RuntimeConfig;

/** {@code satin bench apps}: t_s, t_1, t_p, overhead and efficiency of every application, as a table. */
@Command(name = "apps", mixinStandardHelpOptions = true,
        description = {
            "Measures every application (or the ones named) against its sequential version, as in the paper.",
            "t_s (sequential version), t_1 (Satin version, 1 worker) and t_p (N workers), each the median of "
                + "--runs rounds; prints overhead t_1/t_s and efficiency t_s/(t_p x N), and whether each Satin run "
                + "gave the sequential answer. Without a rewritten build t_1 is the Satin version called directly "
                + "and t_p is not measured."})
public class AppsBenchCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "APP", description = "applications to measure (default: all)")
    private List<String> apps = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N",
            defaultValue = "3", description = "run rounds per application (default ${DEFAULT-VALUE})")
    private int runs;

    @Option(names = "--workers", paramLabel = "N", description = "N for t_p (default: the available processors)")
    private Integer workers;

    @Option(names = "--quick", description = "small problem sizes (a smoke test; the figures mean little)")
    private boolean quick;

    @Spec
    private CommandSpec spec;

    @Option(names = "--inline-threshold", paramLabel = "K",
            description = "the runtime runs a spawn inline when its worker holds K queued jobs (default ${DEFAULT-VALUE})")
    private int inlineThreshold = RuntimeConfig.DEFAULT_INLINE_THRESHOLD;

    /** The cases this command knows, by name. */
    protected Map<String, Supplier<BenchCase>> cases(BenchCases.Scale scale) {
        return BenchCases.all(scale);
    }

    @Override
    public Integer call() throws Exception {
        Map<String, Supplier<BenchCase>> known = cases(quick ? BenchCases.Scale.QUICK : BenchCases.Scale.STANDARD);
        for (String app : apps) {
            if (!known.containsKey(app)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "unknown application '" + app + "'; known: " + String.join(", ", known.keySet()));
            }
        }
        if (runs < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--runs must be at least 1, got " + runs);
        }
        int n = workers != null ? workers : Runtime.getRuntime().availableProcessors();
        if (n < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--workers must be at least 1, got " + n);
        }
        if (inlineThreshold < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--inline-threshold must be at least 0, got " + inlineThreshold);
        }
        PrintWriter out = spec.commandLine().getOut();
        boolean rewritten = Rewriting.isRewritten(Fib.class);
        List<BenchCase> cases = new ArrayList<>();
        for (Map.Entry<String, Supplier<BenchCase>> entry : known.entrySet()) {
            if (apps.isEmpty() || apps.contains(entry.getKey())) {
                cases.add(entry.getValue().get());
            }
        }
        // Unrewritten classes never spawn: a runtime would only add a thread hop, so call them directly.
        try (RuntimeRunner runtime = new RuntimeRunner(
                RuntimeConfig.defaults().withName("bench").withInlineThreshold(inlineThreshold))) {
            SatinRunner runner = rewritten ? runtime : new DirectRunner();
            out.println("Satin version: " + runner.describe() + "; classes rewritten: " + (rewritten ? "yes" : "no"));
            List<Measurement> rows = new AppsBench(runner, n, runs).measureAll(cases, out);
            AppsBench.printTable(out, rows);
            return rows.stream().allMatch(Measurement::sameAnswer) ? 0 : 1;
        }
    }
}
