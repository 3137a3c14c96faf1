package satin.apps.integrate;

/**
 * An irregular function on [0, length]: unit cell k holds one Lorentzian peak whose width varies from cell
 * to cell over two orders of magnitude, so adaptive quadrature refines some cells far deeper than others.
 * Pure arithmetic (no library calls), so every evaluation is bit-reproducible on every JVM; the exact
 * integral is known in closed form.
 */
public final class Integrand {

    private static final double[] WIDTHS = {0.1, 0.004, 0.03, 0.001, 0.02, 0.008, 0.0005};
    private static final double[] OFFSETS = {0.5, 0.3, 0.65, 0.45, 0.2, 0.8, 0.55, 0.35, 0.7, 0.4, 0.6};

    private Integrand() {
    }

    public static double value(double x) {
        int cell = (int) x;
        double centre = cell + OFFSETS[cell % OFFSETS.length];
        double u = (x - centre) / WIDTHS[cell % WIDTHS.length];
        return 1.0 / (1.0 + u * u);
    }

    /** The exact integral over [0, length], from the antiderivative w * atan((x - c) / w) of each peak. */
    public static double exactIntegral(int length) {
        double sum = 0;
        for (int cell = 0; cell < length; cell++) {
            double centre = cell + OFFSETS[cell % OFFSETS.length];
            double w = WIDTHS[cell % WIDTHS.length];
            sum += w * (Math.atan((cell + 1 - centre) / w) - Math.atan((cell - centre) / w));
        }
        return sum;
    }
}
