package satin.cli.bench.ipl;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import satin.cli.bench.support.Median;

/**
 * One figure (latency, throughput, ...) per implementation, size and paired trial. A trial measures every
 * implementation back to back, so the ratio of two implementations within a trial cancels slow phases of
 * a shared machine (other processes, hypervisor steal) that last longer than a trial; the median of those
 * per-trial ratios is the figure reported.
 */
final class Trials {
    private final Map<String, double[][]> values = new LinkedHashMap<>();

    Trials(Set<String> names, int sizes, int trials) {
        for (String name : names) {
            double[][] v = new double[sizes][trials];
            for (double[] row : v) {
                Arrays.fill(row, Double.NaN);
            }
            values.put(name, v);
        }
    }

    Set<String> names() {
        return values.keySet();
    }

    void put(String name, int size, int trial, double value) {
        values.get(name)[size][trial] = value;
    }

    double get(String name, int size, int trial) {
        return values.get(name)[size][trial];
    }

    double median(String name, int size) {
        return median(values.get(name)[size].clone());
    }

    /** Median over trials of {@code name / base} measured in the same trial. */
    double medianRatio(String name, String base, int size) {
        double[] a = values.get(name)[size];
        double[] b = values.get(base)[size];
        double[] ratios = new double[a.length];
        for (int t = 0; t < a.length; t++) {
            ratios[t] = a[t] / b[t];
        }
        return median(ratios);
    }

    private static double median(double[] v) {
        return Median.of(Arrays.stream(v).filter(Double::isFinite).toArray()); // NaN when none is finite
    }
}
