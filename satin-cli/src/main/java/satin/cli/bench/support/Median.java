package satin.cli.bench.support;

import java.util.Arrays;

/** The median the benchmarks report: the middle value, or the mean of the middle two for an even count. */
public final class Median {

    private Median() {
    }

    /** The median of {@code values} (not changed); NaN for none. */
    public static double of(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }
}
