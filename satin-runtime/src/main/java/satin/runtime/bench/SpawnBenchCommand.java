package satin.runtime.bench;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongUnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.StatisticsTable;
import satin.runtime.cli.ClassPaths;

/**
 * {@code satin bench spawn}: the cost of a spawn, measured with Fib(n) and a spawn at every level.
 *
 * <p>In one run it times plain sequential Java, this runtime at 1 worker and at all workers, and
 * {@link ForkJoinPool} ({@code RecursiveTask}, fork at every level, no threshold) at 1 and at all threads.
 * Each variant is warmed up, then run {@code --repeat} times; the median is reported with its ratio to the
 * sequential time and to ForkJoinPool at the same number of threads. Every variant must compute the same
 * value, or the command fails.
 */
@Command(name = "spawn", mixinStandardHelpOptions = true,
        description = "Times Fib(n) with a spawn at every level: sequential Java, this runtime and "
                + "ForkJoinPool at 1 and all threads; prints medians and ratios.")
public final class SpawnBenchCommand implements Callable<Integer> {

    @Option(names = "--n", paramLabel = "N", description = "Fib argument (default: ${DEFAULT-VALUE})")
    int n = 34;

    @Option(names = "--repeat", paramLabel = "R", description = "timed runs per variant (default: ${DEFAULT-VALUE})")
    int repeat = 5;

    @Option(names = "--warmup", paramLabel = "W", description = "untimed runs per variant (default: ${DEFAULT-VALUE})")
    int warmup = 3;

    @Option(names = "--threads", paramLabel = "T",
            description = "the \"all\" thread count (default: available processors, ${DEFAULT-VALUE})")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--inline-threshold", split = ",", paramLabel = "K",
            description = "inline threshold(s) of the runtime; several values give a row per value "
                    + "(default: " + RuntimeConfig.DEFAULT_INLINE_THRESHOLD + ")")
    List<Integer> inlineThresholds = new ArrayList<>(List.of(RuntimeConfig.DEFAULT_INLINE_THRESHOLD));

    @Option(names = "--class", paramLabel = "CLASS",
            description = "a rewritten Fig. 2.1 Fib class (no-arg constructor, long fib(long)) to time instead "
                    + "of the built-in hand-rewritten one")
    String fibClass;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH", description = "where to load --class from")
    String classpath;

    @Option(names = "--stats", description = "print the worker statistics of the last all-workers run")
    boolean stats;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (n < 0 || n > 60 || repeat < 1 || warmup < 0 || threads < 1) {
            spec.commandLine().getErr().println("error: need 0 <= n <= 60, repeat >= 1, warmup >= 0, threads >= 1");
            return 2;
        }
        LongUnaryOperator rewritten = rewrittenFib();
        long expected = new SequentialFib().fib(n);
        List<Row> rows = new ArrayList<>();
        out.printf(Locale.ROOT, "Fib(%d) = %d, spawn at every level; %d warm-up + %d timed runs per variant, "
                + "median; rewritten code: %s%n", n, expected, warmup, repeat,
                fibClass == null ? RewrittenFib.class.getName() + " (hand-rewritten)" : fibClass);
        out.flush();

        SequentialFib sequential = new SequentialFib();
        double seq = median(() -> sequential.fib(n), expected);
        rows.add(new Row("sequential Java", 1, seq));

        double fjp1 = timeForkJoin(1, expected);
        double fjpAll = timeForkJoin(threads, expected);
        rows.add(new Row("ForkJoinPool", 1, fjp1));
        rows.add(new Row("ForkJoinPool", threads, fjpAll));
        for (int threshold : inlineThresholds) {
            rows.add(new Row("satin inline>=" + threshold, 1, timeSatin(1, threshold, rewritten, expected, null)));
            rows.add(new Row("satin inline>=" + threshold, threads,
                    timeSatin(threads, threshold, rewritten, expected, out)));
        }

        out.printf(Locale.ROOT, "%-20s %7s %12s %14s %10s%n", "variant", "threads", "median-ms", "vs-sequential",
                "vs-FJP");
        for (Row row : rows) {
            double fjp = row.threads == 1 ? fjp1 : fjpAll;
            out.printf(Locale.ROOT, "%-20s %7d %12.1f %13.2fx %9.2fx%n", row.name, row.threads, row.millis,
                    row.millis / seq, row.millis / fjp);
        }
        out.println("vs-sequential: time / sequential time; vs-FJP: time / ForkJoinPool time at the same "
                + "thread count (below 1 is faster)");
        return 0;
    }

    private record Row(String name, int threads, double millis) {
    }

    private interface Run {
        long fib() throws Exception;
    }

    private double timeForkJoin(int parallelism, long expected) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(parallelism);
        try {
            return median(() -> pool.invoke(new ForkJoinFib(n)), expected);
        } finally {
            pool.shutdown();
        }
    }

    private double timeSatin(int workers, int threshold, LongUnaryOperator fib, long expected, PrintWriter statsOut)
            throws Exception {
        RuntimeConfig config = RuntimeConfig.defaults().withName("bench").withWorkers(workers)
                .withInlineThreshold(threshold);
        SatinRuntime runtime = SatinRuntime.start(config);
        try {
            return median(() -> runtime.call(() -> fib.applyAsLong(n)), expected);
        } finally {
            runtime.close();
            if (stats && statsOut != null) {
                statsOut.printf("statistics, %d workers, inline threshold %d (all runs):%n", workers, threshold);
                statsOut.print(StatisticsTable.format(runtime.statistics()));
            }
        }
    }

    private double median(Run run, long expected) throws Exception {
        for (int i = 0; i < warmup; i++) {
            check(run.fib(), expected);
        }
        double[] millis = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            long start = System.nanoTime();
            long value = run.fib();
            millis[i] = (System.nanoTime() - start) / 1e6;
            check(value, expected);
        }
        Arrays.sort(millis);
        return repeat % 2 == 1 ? millis[repeat / 2] : (millis[repeat / 2 - 1] + millis[repeat / 2]) / 2;
    }

    private void check(long value, long expected) {
        if (value != expected) {
            throw new IllegalStateException("Fib(" + n + ") computed " + value + ", expected " + expected);
        }
    }

    private LongUnaryOperator rewrittenFib() throws Exception {
        if (fibClass == null) {
            RewrittenFib fib = new RewrittenFib();
            return fib::fib;
        }
        ClassLoader loader = ClassPaths.loader(classpath, SpawnBenchCommand.class.getClassLoader());
        Class<?> cls = Class.forName(fibClass, true, loader);
        Object target = cls.getDeclaredConstructor().newInstance();
        Method method = cls.getMethod("fib", long.class);
        if (method.getReturnType() != long.class) {
            throw new IllegalArgumentException(fibClass + ".fib(long) must return long");
        }
        return value -> {
            try {
                return (long) method.invoke(target, value);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(fibClass + ".fib failed", e);
            }
        };
    }
}
