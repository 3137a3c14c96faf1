package satin.cli.bench.model;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.abortprobe.Spinner;
import satin.apps.fib.InletFib;
import satin.apps.fib.PaperFib;
import satin.cli.bench.support.Median;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * {@code satin bench model}, in one run:
 * <ol>
 *   <li>abort latency on one JVM: a tree of searches whose leaf spins on another worker (spawning and syncing in a
 *       loop, never ending by itself) is aborted from an inlet; the time from the {@code abort()} call to the last
 *       leaf stopping ({@link Spinner}), median and maximum over the rounds;</li>
 *   <li>the cost of a spawn under an inlet: Fib(n) with a spawn at every level on one worker, each spawn inside a
 *       {@code try} whose {@code catch} is an inlet ({@link InletFib}) against the plain Fig. 2.1
 *       ({@link PaperFib}), interleaved rounds, medians and their ratio.</li>
 * </ol>
 * Not measured yet: abort latency with the work stolen by another JVM, and shared objects (not built).
 */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Times abort() (call to the last descendant stopping, one JVM) and a spawn under an inlet "
                + "against a plain spawn (Fib on one worker); prints medians and ratios.")
public final class ModelBenchCommand implements Callable<Integer> {

    @Option(names = "--n", paramLabel = "N", description = "Fib argument (default: ${DEFAULT-VALUE})")
    int n = 32;

    @Option(names = "--repeat", paramLabel = "R", description = "timed rounds of each part (default: ${DEFAULT-VALUE})")
    int repeat = 9;

    @Option(names = "--warmup", paramLabel = "W", description = "untimed rounds of each part (default: ${DEFAULT-VALUE})")
    int warmup = 3;

    @Option(names = "--depth", paramLabel = "D", description = "levels of the aborted tree (default: ${DEFAULT-VALUE})")
    int depth = 4;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (n < 2 || n > 45 || repeat < 1 || warmup < 0 || depth < 0 || depth > 16) {
            spec.commandLine().getErr().println("error: need 2 <= n <= 45, repeat >= 1, warmup >= 0, 0 <= depth <= 16");
            return 2;
        }
        abortLatency(out);
        inletCost(out);
        out.println("not measured: abort latency with the work on another JVM; TSP with a shared bound (shared"
                + " objects are not built yet)");
        return 0;
    }

    private void abortLatency(PrintWriter out) throws Exception {
        double[] micros = new double[repeat];
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("bench-abort")
                .withWorkers(2))) {
            for (int round = -warmup; round < repeat; round++) {
                long nanos = runtime.call(() -> Spinner.measure(depth, 1));
                if (round >= 0) {
                    micros[round] = nanos / 1e3;
                }
            }
            long aborted = runtime.statistics().stream().mapToLong(s -> s.jobsAborted()).sum();
            Arrays.sort(micros);
            out.printf(Locale.ROOT, "abort latency, one JVM, 2 workers, tree of %d levels, leaf on the other worker:"
                    + " median %.1f us, max %.1f us over %d rounds (target <= 1000 us); %d jobs cancelled%n", depth,
                    Median.of(micros), micros[micros.length - 1], repeat, aborted);
        }
        out.flush();
    }

    private void inletCost(PrintWriter out) throws Exception {
        double[] plain = new double[repeat];
        double[] inlet = new double[repeat];
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("bench-inlet")
                .withWorkers(1))) {
            long expected = runtime.call(() -> plainFib(n));
            for (int round = -warmup; round < repeat; round++) {
                long t0 = System.nanoTime();
                long a = runtime.call(() -> plainFib(n));
                long t1 = System.nanoTime();
                long b = runtime.call(() -> inletFib(n));
                long t2 = System.nanoTime();
                if (a != expected || b != expected) {
                    throw new IllegalStateException("Fib(" + n + ") gave " + a + " and " + b + ", expected " + expected);
                }
                if (round >= 0) {
                    plain[round] = (t1 - t0) / 1e6;
                    inlet[round] = (t2 - t1) / 1e6;
                }
            }
        }
        double p = Median.of(plain);
        double i = Median.of(inlet);
        out.printf(Locale.ROOT, "spawn under an inlet, Fib(%d), 1 worker: plain %.1f ms, under an inlet %.1f ms,"
                + " ratio %.2fx (target <= 1.2x), medians of %d interleaved rounds%n", n, p, i, i / p, repeat);
        out.flush();
    }

    private static long plainFib(int n) {
        PaperFib f = new PaperFib();
        long r = f.fib(n);
        f.sync();
        return r;
    }

    private static long inletFib(int n) {
        InletFib f = new InletFib();
        long r = f.fib(n);
        f.sync();
        return r;
    }

}
