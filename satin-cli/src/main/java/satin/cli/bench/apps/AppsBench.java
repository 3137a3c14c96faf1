package satin.cli.bench.apps;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import satin.apps.cases.BenchCase;

/**
 * Measures applications as the paper does: per run round, the sequential version, the Satin version on one
 * worker and on N workers, one after the other (so drift in machine load hits all three alike); the median
 * of the rounds is reported. Every Satin result is compared with the sequential result of the same round.
 *
 * <p>When t_p is measured, every round also runs the sequential version once more, untimed: otherwise the Satin
 * version's methods are invoked twice as often as their sequential twins and reach HotSpot's next compilation tier
 * rounds earlier, so the two are timed in different states of the JIT. That difference is not small: blocked matrix
 * multiply ({@code matmul-eight}) runs its leaf loop about 1.5x slower once C2 compiles the recursive method with the
 * leaf inlined than while the recursive method is at tier 3 calling the separately compiled leaf, and without the
 * extra run only the Satin version got there within three rounds (t_1/t_s 1.4 to 1.5 for code that costs nothing).
 */
public final class AppsBench {

    private final SatinRunner runner;
    private final int workers;
    private final int runs;

    public AppsBench(SatinRunner runner, int workers, int runs) {
        if (workers < 1 || runs < 1) {
            throw new IllegalArgumentException("workers and runs must be at least 1, got " + workers + " and " + runs);
        }
        this.runner = runner;
        this.workers = workers;
        this.runs = runs;
    }

    public Measurement measure(BenchCase app) throws Exception {
        double[] sequential = new double[runs];
        double[] sequentialCpu = new double[runs];
        double[] one = new double[runs];
        double[] oneCpu = new double[runs];
        double[] all = new double[runs];
        double[] allCpu = new double[runs];
        boolean same = true;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            long cpuStart = ProcessCpu.nanos();
            Object expected = app.sequential().call();
            sequentialCpu[run] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            sequential[run] = (System.nanoTime() - start) / 1e9;
            same &= timeSatin(app, expected, 1, run, one, oneCpu);
            if (runner.parallel()) {
                same &= timeSatin(app, expected, workers, run, all, allCpu);
                // untimed: the Satin version's methods ran twice this round (t_1, t_p), so the sequential twin's run
                // twice too, and HotSpot compiles both at the same point (see the class comment)
                app.sequential().call();
            }
        }
        double parallel = runner.parallel() ? Measurement.median(all) : Double.NaN;
        return new Measurement(app.name(), app.size(), Measurement.median(sequential), Measurement.median(one),
                parallel, workers, Measurement.median(sequentialCpu), Measurement.median(oneCpu), same);
    }

    private boolean timeSatin(BenchCase app, Object expected, int count, int run, double[] wall, double[] cpu)
            throws Exception {
        Callable<?> satin = app.satin();
        long start = System.nanoTime();
        long cpuStart = ProcessCpu.nanos();
        Object result = runner.run(satin, count);
        cpu[run] = (ProcessCpu.nanos() - cpuStart) / 1e9;
        wall[run] = (System.nanoTime() - start) / 1e9;
        return app.sameAnswer().test(expected, result);
    }

    /** Prints measurements as the table of the report. */
    public static void printTable(PrintWriter out, List<Measurement> rows) {
        out.printf(Locale.ROOT, "%-10s %-28s %9s %9s %9s %3s %8s %10s %12s %s%n", "app", "size", "t_s [s]",
                "t_1 [s]", "t_p [s]", "N", "t_1/t_s", "efficiency", "cpu t_1/t_s", "same answer");
        for (Measurement m : rows) {
            out.printf(Locale.ROOT, "%-10s %-28s %9.3f %9.3f %9s %3d %8.3f %10s %12s %s%n", m.app(), m.size(),
                    m.sequential(), m.oneWorker(), orDash("%9.3f", m.allWorkers()), m.workers(), m.overhead(),
                    orDash("%10.3f", m.efficiency()), orDash("%12.3f", m.cpuOverhead()), m.sameAnswer() ? "yes" : "NO");
        }
        out.flush();
    }

    private static String orDash(String format, double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, format, value);
    }

    /** Measures each case in turn, printing each row's progress to {@code progress}. */
    public List<Measurement> measureAll(List<BenchCase> cases, PrintWriter progress) throws Exception {
        List<Measurement> rows = new ArrayList<>();
        for (BenchCase app : cases) {
            progress.println("measuring " + app.name() + " (" + app.size() + ") ...");
            progress.flush();
            Measurement row = measure(app);
            progress.printf(Locale.ROOT, "  t_s %.3f s, t_1 %.3f s%s%n", row.sequential(), row.oneWorker(),
                    Double.isNaN(row.allWorkers()) ? "" : String.format(Locale.ROOT, ", t_p %.3f s", row.allWorkers()));
            rows.add(row);
        }
        return rows;
    }
}
