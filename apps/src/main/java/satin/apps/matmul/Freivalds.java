package satin.apps.matmul;

import java.util.SplittableRandom;

/**
 * Freivalds' check of a product in O(n^2): for a random vector x, A(Bx) equals Cx up to rounding if
 * C = AB, while a wrong C differs in some component with high probability.
 */
public final class Freivalds {

    private Freivalds() {
    }

    /** The largest component of |A(Bx) - Cx| for a seeded random x in [-1, 1)^n. */
    public static double maxResidual(double[] a, double[] b, double[] c, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble(-1, 1);
        }
        double[] abx = times(a, times(b, x, n), n);
        double[] cx = times(c, x, n);
        double worst = 0;
        for (int i = 0; i < n; i++) {
            worst = Math.max(worst, Math.abs(abx[i] - cx[i]));
        }
        return worst;
    }

    private static double[] times(double[] m, double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) {
                sum += m[i * n + j] * x[j];
            }
            y[i] = sum;
        }
        return y;
    }
}
