package satin.apps.integrate;

/**
 * One step of adaptive Simpson quadrature, shared by the Satin and the sequential version so both refine
 * exactly the same intervals and add exactly the same numbers.
 */
final class Simpson {

    private Simpson() {
    }

    /** Simpson's rule on [a, b] given f(a), f((a+b)/2), f(b). */
    static double rule(double a, double b, double fa, double fm, double fb) {
        return (b - a) / 6 * (fa + 4 * fm + fb);
    }

    /**
     * The refined estimate of [a, b] if the two halves agree with {@code whole} within {@code eps} (or the
     * interval cannot be halved any more), NaN if the interval must be split.
     */
    static double acceptedOrNaN(double a, double b, double whole, double left, double right, double eps) {
        double delta = left + right - whole;
        double m = (a + b) / 2;
        if (Math.abs(delta) <= 15 * eps || m <= a || m >= b) {
            return left + right + delta / 15;
        }
        return Double.NaN;
    }
}
