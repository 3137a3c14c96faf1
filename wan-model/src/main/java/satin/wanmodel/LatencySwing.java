package satin.wanmodel;

/**
 * A link whose round trip swings: during each epoch of {@code epochNanos} it is one value, drawn afresh for the next
 * epoch from a distribution with the measured minimum, median and maximum: log-uniform between minimum and median
 * with probability 1/2, between median and maximum otherwise. So half the time the link is at or below its usual
 * (median) round trip and half the time above it, with long excursions rarer than short ones on a linear scale, as a
 * queue that builds up and drains does. The round trip at a time is a pure function of the time and the seed: the
 * same seed gives the same swings in every run, and all messages on the link in one epoch see the same round trip.
 *
 * @param minRttNanos    the least round trip measured
 * @param medianRttNanos the usual round trip (the paper's Table 4.2 value)
 * @param maxRttNanos    the largest round trip measured
 * @param epochNanos     how long one round trip lasts before the next is drawn
 */
public record LatencySwing(long minRttNanos, long medianRttNanos, long maxRttNanos, long epochNanos) {
    public LatencySwing {
        if (minRttNanos <= 0 || minRttNanos > medianRttNanos || medianRttNanos > maxRttNanos) {
            throw new IllegalArgumentException("a latency swing needs 0 < min <= median <= max round trip, got "
                    + minRttNanos + " / " + medianRttNanos + " / " + maxRttNanos + " ns");
        }
        if (epochNanos <= 0) {
            throw new IllegalArgumentException("a latency swing's epoch must be positive, got " + epochNanos + " ns");
        }
    }

    /** The round trip during the epoch holding {@code timeNanos}. */
    public long rttAt(long timeNanos, long seed) {
        return quantile(uniform(seed, Math.floorDiv(timeNanos, epochNanos)));
    }

    /** The round trip at quantile {@code u} in [0, 1) of the distribution. */
    public long quantile(double u) {
        if (u < 0.5) {
            return Math.round(minRttNanos * Math.pow((double) medianRttNanos / minRttNanos, 2 * u));
        }
        return Math.round(medianRttNanos * Math.pow((double) maxRttNanos / medianRttNanos, 2 * u - 1));
    }

    /** Points of the numerical integrals over the distribution ({@link #meanNanos}, {@link #meanDeviationNanos}). */
    private static final int QUANTILES = 4096;

    /** The mean round trip of the distribution (above the median: the long excursions weigh). */
    public double meanNanos() {
        double sum = 0;
        for (int i = 0; i < QUANTILES; i++) {
            sum += quantile((i + 0.5) / QUANTILES);
        }
        return sum / QUANTILES;
    }

    /** The mean absolute deviation of the round trip from {@link #meanNanos}: what TCP's RTTVAR estimates. */
    public double meanDeviationNanos() {
        double mean = meanNanos();
        double sum = 0;
        for (int i = 0; i < QUANTILES; i++) {
            sum += Math.abs(quantile((i + 0.5) / QUANTILES) - mean);
        }
        return sum / QUANTILES;
    }

    /** This swing with every time divided by {@code scale} (a time-scaled emulation). */
    public LatencySwing scaled(double scale) {
        return new LatencySwing(Math.max(1, Math.round(minRttNanos / scale)), Math.max(1, Math.round(medianRttNanos / scale)),
                Math.max(1, Math.round(maxRttNanos / scale)), Math.max(1, Math.round(epochNanos / scale)));
    }

    /** A uniform number in [0, 1) from (seed, epoch): SplitMix64's finalizer, so no state is kept. */
    static double uniform(long seed, long epoch) {
        long z = seed + (epoch + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }
}
