package satin.apps.integrate;

/** The sequential baseline: the same adaptive Simpson recursion without Satin operations. */
public final class SequentialIntegrate {

    private SequentialIntegrate() {
    }

    static double integrate(double a, double b, double fa, double fm, double fb, double whole, double eps) {
        double m = (a + b) / 2;
        double flm = Integrand.value((a + m) / 2);
        double frm = Integrand.value((m + b) / 2);
        double left = Simpson.rule(a, m, fa, flm, fm);
        double right = Simpson.rule(m, b, fm, frm, fb);
        double accepted = Simpson.acceptedOrNaN(a, b, whole, left, right, eps);
        if (!Double.isNaN(accepted)) {
            return accepted;
        }
        return integrate(a, m, fa, flm, fm, left, eps / 2) + integrate(m, b, fm, frm, fb, right, eps / 2);
    }

    public static double compute(int length, int digits) {
        double eps = Math.pow(10, -digits);
        double fa = Integrand.value(0);
        double fm = Integrand.value(length / 2.0);
        double fb = Integrand.value(length);
        return integrate(0, length, fa, fm, fb, Simpson.rule(0, length, fa, fm, fb), eps);
    }
}
