package satin.cli.bench.first;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.queensfirst.FirstSolution;
import satin.apps.queensfirst.SequentialFirstSolution;
import satin.apps.queensfirst.ThrowingSolution;
import satin.cli.bench.apps.Rewriting;
import satin.cli.bench.apps.RuntimeRunner;
import satin.runtime.RuntimeConfig;

/**
 * {@code satin bench first}: does a first-solution search end as fast with the default inlining as with inlining off,
 * and how far is it from its sequential program? Two searches for one N-queens solution, spawning at every row:
 * {@code inlet} ({@link FirstSolution}: each level's inlet keeps the first solution and calls {@code abort()}) and
 * {@code throw} ({@link ThrowingSolution}: the solution is thrown past every parent to a handler around the root's
 * {@code sync()}). Each round runs, in an order that rotates from round to round, the sequential search and each
 * search with the default inline threshold and with inlining off (a threshold no deque reaches), on one worker and on
 * N; every figure is a median over the rounds and every ratio is taken between figures of the same run.
 */
@Command(name = "first", mixinStandardHelpOptions = true,
        description = {
            "Times first-solution N-queens searches, with an inlet and with a thrown solution, against the "
                + "sequential search.",
            "'inlet' (an inlet that keeps the first solution and aborts the rest) and 'throw' (the solution "
                + "thrown past every parent), spawning at every row, with the default inlining and with inlining "
                + "off, back to back, on 1 and N workers. Prints medians and the ratios default/off and "
                + "each/sequential."})
public final class FirstSolutionBenchCommand implements Callable<Integer> {

    /** A threshold no deque reaches: every spawn is queued. */
    static final int INLINING_OFF = Integer.MAX_VALUE;

    @Option(names = "--n", split = ",", paramLabel = "N",
            description = "board sizes (default 22,28; --quick 20)")
    private List<Integer> sizes;

    @Option(names = "--runs", paramLabel = "N",
            defaultValue = "5", description = "rounds per size (default ${DEFAULT-VALUE})")
    private int runs;

    @Option(names = "--workers", paramLabel = "N",
            description = "N for the parallel runs (default: the available processors)")
    private Integer workers;

    @Option(names = "--quick", description = "a small board and two rounds (a smoke test; the figures mean little)")
    private boolean quick;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<Integer> boards = sizes != null ? sizes : quick ? List.of(20) : List.of(22, 28);
        int rounds = quick ? Math.min(runs, 2) : runs;
        int n = workers != null ? workers : Runtime.getRuntime().availableProcessors();
        for (int size : boards) {
            if (size < 4 || size > 32) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--n must be 4 to 32, got " + size);
            }
        }
        if (rounds < 1 || n < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--runs and --workers must be at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!Rewriting.isRewritten(FirstSolution.class)) {
            out.println("satin bench first: the searches are not rewritten (run it from the satin.jar): nothing to"
                    + " measure");
            return 2;
        }
        List<Integer> workerCounts = n == 1 ? List.of(1) : List.of(1, n);
        boolean allValid = true;
        try (RuntimeRunner inlining = new RuntimeRunner(RuntimeConfig.defaults().withName("first-default"));
             RuntimeRunner queued = new RuntimeRunner(RuntimeConfig.defaults().withName("first-off")
                     .withInlineThreshold(INLINING_OFF))) {
            out.println("satin bench first: rounds " + rounds + ", workers " + workerCounts + ", default inline threshold "
                    + RuntimeConfig.DEFAULT_INLINE_THRESHOLD + " against inlining off");
            for (int size : boards) {
                Map<String, Runner> runners = new LinkedHashMap<>();
                runners.put("sequential", () -> SequentialFirstSolution.compute(size));
                for (String search : List.of("inlet", "throw")) {
                    IntFunction<int[]> run = search.equals("inlet") ? rows -> FirstSolution.compute(size, rows)
                            : rows -> ThrowingSolution.compute(size, rows);
                    for (int w : workerCounts) {
                        runners.put(search + " default " + w, () -> (int[]) inlining.run(() -> run.apply(size), w));
                        runners.put(search + " off " + w, () -> (int[]) queued.run(() -> run.apply(size), w));
                    }
                }
                Map<String, List<Double>> seconds = new LinkedHashMap<>();
                runners.keySet().forEach(k -> seconds.put(k, new ArrayList<>()));
                List<String> order = new ArrayList<>(runners.keySet());
                for (int round = 0; round <= rounds; round++) { // round 0 warms the JIT up and is not counted
                    for (int i = 0; i < order.size(); i++) {
                        String key = order.get((i + round) % order.size());
                        long start = System.nanoTime();
                        int[] solution = runners.get(key).run();
                        double s = (System.nanoTime() - start) / 1e9;
                        if (!ThrowingSolution.valid(size, solution)) {
                            out.println("  " + key + ": not a valid placement: " + Arrays.toString(solution));
                            allValid = false;
                        }
                        if (round > 0) {
                            seconds.get(key).add(s);
                        }
                    }
                }
                print(out, size, seconds, workerCounts);
            }
        }
        out.flush();
        return allValid ? 0 : 1;
    }

    private static void print(PrintWriter out, int size, Map<String, List<Double>> seconds, List<Integer> workers) {
        double ts = median(seconds.get("sequential"));
        out.printf("N = %d: sequential t_s %.3f s (median; range %s)%n", size, ts, range(seconds.get("sequential")));
        out.printf("  %-7s %7s %14s %14s %12s %12s%n", "search", "workers", "default (s)", "off (s)",
                "default/off", "default/t_s");
        for (String search : List.of("inlet", "throw")) {
            for (int w : workers) {
                double d = median(seconds.get(search + " default " + w));
                double o = median(seconds.get(search + " off " + w));
                out.printf("  %-7s %7d %14.3f %14.3f %12.2f %12.2f   (off/t_s %.2f; default %s, off %s)%n", search,
                        w, d, o, d / o, d / ts, o / ts, range(seconds.get(search + " default " + w)),
                        range(seconds.get(search + " off " + w)));
            }
        }
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String range(List<Double> values) {
        return String.format("%.3f-%.3f", values.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                values.stream().mapToDouble(Double::doubleValue).max().orElse(0));
    }

    /** One measured search: returns its solution. */
    @FunctionalInterface
    private interface Runner {
        int[] run() throws Exception;
    }
}
