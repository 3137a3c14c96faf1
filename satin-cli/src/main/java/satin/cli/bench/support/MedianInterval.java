package satin.cli.bench.support;

import java.util.Arrays;

/**
 * A distribution-free confidence interval for the median of a sample: the order statistics {@code x(k)} and
 * {@code x(n+1-k)} with the largest {@code k} for which the chance that fewer than {@code k} of {@code n} values fall
 * below the true median (a binomial count with p = 1/2) is at most {@code (1 - level) / 2} on each side. It assumes
 * nothing about the spread's shape, which matters for run times on a shared machine (long tails, outliers), and it is
 * exact, not asymptotic. With fewer than 6 values no 95% interval exists ({@link #exists} false: the interval is then
 * the whole sample).
 *
 * @param low      the lower end
 * @param high     the upper end
 * @param coverage the interval's actual coverage (at least the level asked for, when it exists)
 */
public record MedianInterval(double low, double high, double coverage) {

    /** Whether the interval reaches the level it was asked for. */
    public boolean exists(double level) {
        return coverage >= level;
    }

    /** The interval of {@code values} (not changed) at {@code level} (e.g. 0.95). */
    public static MedianInterval of(double[] values, double level) {
        int n = values.length;
        if (n == 0) {
            return new MedianInterval(Double.NaN, Double.NaN, 0);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double tail = (1 - level) / 2;
        // P(B < k) for B ~ Binomial(n, 1/2), growing with k; the largest k with P(B < k) <= tail (k >= 1)
        double below = 0;
        double term = Math.pow(0.5, n); // P(B = 0)
        int k = 0;
        for (int j = 0; j < n / 2; j++) {
            if (below + term > tail) {
                break;
            }
            below += term;
            k = j + 1;
            term = term * (n - j) / (j + 1);
        }
        if (k == 0) {
            return new MedianInterval(sorted[0], sorted[n - 1], 1 - 2 * Math.pow(0.5, n));
        }
        return new MedianInterval(sorted[k - 1], sorted[n - k], 1 - 2 * below);
    }
}
