package satin.cli.bench.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.nqueens.NQueens;
import satin.cli.bench.support.BenchProgram;
import satin.cli.bench.support.FiguresJson;
import satin.cli.bench.support.Median;
import satin.cli.bench.support.StatsRuns;

/**
 * {@code satin bench nodes}: the cost of crossing JVMs. The program is the N-queens application as the Maven plugin
 * rewrote it ({@link NQueens}, a spawn for every queen placed at every row) unless {@code --class} names another.
 * In one run, the same program is timed on 1 JVM with 1
 * worker, on 2 JVMs with 1 worker each (work stealing between processes over the IPL) and on 1 JVM with 2
 * workers, each variant launched exactly like {@code satin run --nodes} (separate node processes, embedded
 * registry) and timed by the master's {@code main} (JVM start-up excluded), in interleaved rounds. Prints the
 * medians, speedups and efficiencies relative to 1 JVM x 1 worker and the wall time times CPUs per job executed. On a
 * shared machine a variant may get fewer processors than it asks for, so the CPU time the node JVMs used during
 * the run is printed too (all threads, start-up excluded; medians): {@code cpu-share} is that time over
 * wall time x CPUs (how much of its processors the variant got), {@code cpu-eff} is the CPU time of 1 JVM x 1
 * worker over the variant's (the efficiency it would reach with its processors to itself: it counts every cycle
 * spent on stealing, messages and idle polling, but not waiting).
 */
@Command(name = "nodes", mixinStandardHelpOptions = true,
        description = "Times a program on 1 JVM x 1 worker, 2 JVMs x 1 worker and 1 JVM x 2 workers; prints "
                + "speedups and efficiency.")
public final class NodesBenchCommand implements Callable<Integer> {

    @Option(names = "--n", paramLabel = "N", description = "N-queens board size (default: ${DEFAULT-VALUE})")
    int n = 16;

    @Option(names = "--repeat", paramLabel = "R", description = "rounds (default: ${DEFAULT-VALUE})")
    int repeat = 3;

    @Option(names = "--algorithm", paramLabel = "RS|CRS", description = "between nodes (default: ${DEFAULT-VALUE})")
    String algorithm = "RS";

    @Option(names = "--transport", paramLabel = "tcp|udp", description = "between nodes (default: ${DEFAULT-VALUE})")
    String transport = "tcp";

    @Mixin
    BenchProgram choice;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    private record Variant(String label, int nodes, int workers) {
        int cpus() {
            return nodes * workers;
        }
    }

    private static final List<Variant> VARIANTS = List.of(new Variant("1 JVM x 1 worker", 1, 1),
            new Variant("2 JVMs x 1 worker", 2, 1), new Variant("1 JVM x 2 workers", 1, 2));

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (repeat < 1 || n < 4) {
            spec.commandLine().getErr().println("error: --repeat must be at least 1 and --n at least 4");
            return 2;
        }
        String program = choice.mainClass(NQueens.class.getName());
        // every row spawns: the finest grain the application allows, so the run is dominated by crossing JVMs
        List<String> programArgs = choice.args(List.of(Integer.toString(n), Integer.toString(n)));
        out.printf("satin bench nodes: %s %s, %d rounds, %s over %s, %d processors%n", program,
                String.join(" ", programArgs), repeat, algorithm, transport, Runtime.getRuntime().availableProcessors());
        out.flush();
        double[][] millis = new double[VARIANTS.size()][repeat];
        double[][] cpuMillis = new double[VARIANTS.size()][repeat];
        long[] jobs = new long[VARIANTS.size()];
        try (StatsRuns runs = new StatsRuns("satin-bench-nodes", spec.commandLine().getErr())) {
            for (int r = 0; r < repeat; r++) {
                for (int v = 0; v < VARIANTS.size(); v++) {
                    JsonNode stats = run(runs, VARIANTS.get(v), program, programArgs, "run-" + r + "-" + v + ".json");
                    if (stats == null) {
                        return 1;
                    }
                    millis[v][r] = stats.get("mainMs").asDouble();
                    cpuMillis[v][r] = stats.get("total").get("cpuMs").asDouble();
                    jobs[v] = stats.get("total").get("jobsExecuted").asLong();
                    out.printf(Locale.ROOT, "  round %d  %-18s %10.1f ms%n", r + 1, VARIANTS.get(v).label(), millis[v][r]);
                    out.flush();
                }
            }
        }
        double base = Median.of(millis[0]);
        double baseCpu = Median.of(cpuMillis[0]);
        out.printf("%-18s %5s %12s %9s %11s %14s %10s %11s %9s%n", "variant", "cpus", "median ms", "speedup",
                "efficiency", "wall*cpus/job", "cpu-ms", "cpu-share", "cpu-eff");
        for (int v = 0; v < VARIANTS.size(); v++) {
            Variant variant = VARIANTS.get(v);
            double t = Median.of(millis[v]);
            double speedup = base / t;
            double cpu = Median.of(cpuMillis[v]);
            out.printf(Locale.ROOT, "%-18s %5d %12.1f %8.2fx %10.1f%% %12.1f ns %10.0f %10.1f%% %8.1f%%%n",
                    variant.label(), variant.cpus(), t, speedup, 100 * speedup / variant.cpus(),
                    t * 1e6 * variant.cpus() / Math.max(1, jobs[v]), cpu, 100 * cpu / (t * variant.cpus()),
                    100 * baseCpu / cpu);
            String key = FiguresJson.key(variant.label());
            json.put(key + ".ms", t);
            json.put(key + ".speedup", speedup);
            json.put(key + ".efficiency", speedup / variant.cpus());
            json.put(key + ".cpuEfficiency", baseCpu / cpu);
        }
        out.flush();
        json.write();
        return 0;
    }

    private JsonNode run(StatsRuns runs, Variant v, String program, List<String> programArgs, String name)
            throws IOException {
        List<String> a = new ArrayList<>(List.of("--nodes", Integer.toString(v.nodes()), "--workers",
                Integer.toString(v.workers()), "--algorithm", algorithm, "--transport", transport));
        choice.addClassPath(a);
        a.add(program);
        a.addAll(programArgs);
        StatsRuns.Outcome o = runs.run(name, a, v.label());
        return o == null ? null : o.stats();
    }
}
