package satin.cli.bench.support;

import java.util.Arrays;

/**
 * A latency sample summarised for a target that bounds every occurrence, not only the typical one: median, 90th
 * percentile, maximum and how many values are within a limit. The benchmarks print all four, so that a target met by
 * the median but not by the tail reads as such.
 */
public final class Tail {

    private final double[] sorted;

    private Tail(double[] sorted) {
        this.sorted = sorted;
    }

    /** The summary of {@code values} (not changed); needs at least one value. */
    public static Tail of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values to summarise");
        }
        double[] copy = values.clone();
        Arrays.sort(copy);
        return new Tail(copy);
    }

    public int count() {
        return sorted.length;
    }

    public double median() {
        return Median.of(sorted);
    }

    /** The smallest value that at least 90% of the values do not exceed (nearest rank). */
    public double p90() {
        return sorted[Math.max(0, (int) Math.ceil(0.9 * sorted.length) - 1)];
    }

    public double max() {
        return sorted[sorted.length - 1];
    }

    /** How many values are at most {@code limit}. */
    public long within(double limit) {
        return Arrays.stream(sorted).filter(v -> v <= limit).count();
    }

    /** "met (max)", "met by the median, not the max" or "missed", for a target of at most {@code limit}. */
    public String verdict(double limit) {
        return max() <= limit ? "met (max)" : median() <= limit ? "met by the median, not the max" : "missed";
    }
}
