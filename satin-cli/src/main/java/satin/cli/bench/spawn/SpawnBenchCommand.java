package satin.cli.bench.spawn;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongUnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.fib.PaperFib;
import satin.cli.bench.support.FiguresJson;
import satin.cli.bench.support.Median;
import satin.cli.run.ClassPaths;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.launch.ReportText;

/**
 * {@code satin bench spawn}: the cost of a spawn, measured with Fib(n) and a spawn at every level: the paper's
 * Fig. 2.1 as the Maven plugin rewrote it ({@link PaperFib}), or another rewritten class named with {@code --class}.
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
            description = "the \"all\" thread count (default: the available processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--inline-threshold", split = ",", paramLabel = "K",
            description = "inline threshold(s) of the runtime; several values give a row per value "
                    + "(default: " + RuntimeConfig.DEFAULT_INLINE_THRESHOLD + ")")
    List<Integer> inlineThresholds = new ArrayList<>(List.of(RuntimeConfig.DEFAULT_INLINE_THRESHOLD));

    @Option(names = "--class", paramLabel = "CLASS",
            description = "a rewritten Fig. 2.1 Fib class (no-arg constructor, long fib(long)) to time instead "
                    + "of the bundled one, " + PAPER_FIB)
    String fibClass;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH", description = "where to load --class from")
    String classpath;

    @Option(names = "--stats", description = "print the worker statistics of the last all-workers run")
    boolean stats;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    /** The default Fib: Fig. 2.1 exactly as printed, in the applications module, rewritten by the plugin. */
    private static final String PAPER_FIB = "satin.apps.fib.PaperFib";

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (n < 0 || n > 60 || repeat < 1 || warmup < 0 || threads < 1) {
            spec.commandLine().getErr().println("error: need 0 <= n <= 60, repeat >= 1, warmup >= 0, threads >= 1");
            return 2;
        }
        LongUnaryOperator rewritten = rewrittenFib();
        long expected = new SequentialFib().fib(n);
        out.printf(Locale.ROOT, "Fib(%d) = %d, spawn at every level; %d warm-up + %d timed rounds, median; "
                + "rewritten code: %s%n", n, expected, warmup, repeat,
                fibClass == null ? PAPER_FIB : fibClass);
        out.flush();

        List<Variant> variants = new ArrayList<>();
        try {
            SequentialFib sequential = new SequentialFib();
            variants.add(new Variant("sequential Java", 1, () -> sequential.fib(n), null));
            for (int t : new int[] {1, threads}) {
                ForkJoinPool pool = new ForkJoinPool(t);
                variants.add(new Variant("ForkJoinPool", t, () -> pool.invoke(new ForkJoinFib(n)), pool::shutdown));
            }
            for (int threshold : inlineThresholds) {
                for (int t : new int[] {1, threads}) {
                    SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("bench")
                            .withWorkers(t).withInlineThreshold(threshold));
                    variants.add(new Variant("satin inline>=" + threshold, t,
                            () -> runtime.call(() -> rewritten.applyAsLong(n)), runtime::close, runtime));
                }
            }
            measure(variants, expected);
        } finally {
            for (Variant v : variants) {
                v.close();
            }
        }

        double seq = variants.get(0).median();
        double fjp1 = variants.get(1).median();
        double fjpAll = variants.get(2).median();
        out.printf(Locale.ROOT, "%-20s %7s %12s %14s %10s %10s%n", "variant", "threads", "median-ms",
                "vs-sequential", "vs-FJP", "cpu-ms");
        for (Variant v : variants) {
            double fjp = v.threads == 1 ? fjp1 : fjpAll;
            out.printf(Locale.ROOT, "%-20s %7d %12.1f %13.2fx %9.2fx %10.1f%n", v.name, v.threads, v.median(),
                    v.median() / seq, v.median() / fjp, v.cpuMedian());
            String key = FiguresJson.key(v.name) + ".threads" + v.threads;
            json.put(key + ".ms", v.median());
            json.put(key + ".vsSequential", v.median() / seq);
            json.put(key + ".vsForkJoinPool", v.median() / fjp);
        }
        out.println("vs-sequential: time / sequential time; vs-FJP: time / ForkJoinPool time at the same "
                + "thread count (below 1 is faster); cpu-ms: median CPU time of the whole process during a run "
                + "(on a loaded machine, compare it with median-ms to see how much processor the run got)");
        if (stats) {
            for (Variant v : variants) {
                if (v.runtime != null) {
                    out.printf("statistics of %s, %d workers (all runs):%n", v.name, v.threads);
                    out.print(ReportText.workers(v.runtime.statistics()));
                }
            }
        }
        json.write();
        return 0;
    }

    private interface Run {
        long fib() throws Exception;
    }

    /** One way of computing Fib(n), with its own threads, and its timings. */
    private static final class Variant {
        final String name;
        final int threads;
        final Run run;
        final Runnable closer;
        final SatinRuntime runtime;

        Variant(String name, int threads, Run run, Runnable closer) {
            this(name, threads, run, closer, null);
        }

        Variant(String name, int threads, Run run, Runnable closer, SatinRuntime runtime) {
            this.name = name;
            this.threads = threads;
            this.run = run;
            this.closer = closer;
            this.runtime = runtime;
        }

        private double[] times = new double[0];
        private double[] cpuTimes = new double[0];

        double median() {
            return Median.of(times);
        }

        double cpuMedian() {
            return Median.of(cpuTimes);
        }


        void close() {
            if (closer != null) {
                closer.run();
            }
        }
    }

    /**
     * Warms every variant up, then times rounds in which each variant runs once: on a shared machine, load
     * that comes and goes then hits all variants alike instead of whichever ran during it.
     */
    private void measure(List<Variant> variants, long expected) throws Exception {
        for (Variant v : variants) {
            v.times = new double[repeat];
            v.cpuTimes = new double[repeat];
            for (int i = 0; i < warmup; i++) {
                check(v.run.fib(), expected);
            }
        }
        for (int round = 0; round < repeat; round++) {
            for (Variant v : variants) {
                long cpuStart = processCpuNanos();
                long start = System.nanoTime();
                long value = v.run.fib();
                v.times[round] = (System.nanoTime() - start) / 1e6;
                v.cpuTimes[round] = (processCpuNanos() - cpuStart) / 1e6;
                check(value, expected);
            }
        }
    }

    /** CPU time of this process, all threads; -1 when the JVM does not tell. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private void check(long value, long expected) {
        if (value != expected) {
            throw new IllegalStateException("Fib(" + n + ") computed " + value + ", expected " + expected);
        }
    }

    private LongUnaryOperator rewrittenFib() throws Exception {
        if (fibClass == null) {
            PaperFib fib = new PaperFib();
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
