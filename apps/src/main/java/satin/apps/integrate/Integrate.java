package satin.apps.integrate;

import java.io.PrintStream;
import java.util.Locale;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Adaptive Simpson integration of the irregular {@link Integrand}: each interval whose estimate is not yet
 * accurate enough is halved and both halves are spawned, down to {@code spawnLevels} levels below the
 * root; deeper intervals are refined by the sequential recursion. The jobs are very fine-grained (at the
 * default of 20 levels a job covers 1/50 of a unit cell: microseconds) and their parameters and results are
 * a few doubles. With 64 levels every level spawns, like the paper's version; that costs about 10-20% on
 * one worker, because a node of the recursion does only two function evaluations.
 */
public final class Integrate extends SatinObject implements IntegrateInter {

    static final String USAGE = "integrate [length (default 20000)] [digits of accuracy (default 10)] "
            + "[spawn levels (default 20; 64: every level)]";

    @Override
    public double integrate(double a, double b, double fa, double fm, double fb, double whole, double eps,
            int spawnLevels) {
        if (spawnLevels == 0) {
            return SequentialIntegrate.integrate(a, b, fa, fm, fb, whole, eps);
        }
        double m = (a + b) / 2;
        double flm = Integrand.value((a + m) / 2);
        double frm = Integrand.value((m + b) / 2);
        double left = Simpson.rule(a, m, fa, flm, fm);
        double right = Simpson.rule(m, b, fm, frm, fb);
        double accepted = Simpson.acceptedOrNaN(a, b, whole, left, right, eps);
        if (!Double.isNaN(accepted)) {
            return accepted;
        }
        double l = integrate(a, m, fa, flm, fm, left, eps / 2, spawnLevels - 1);
        double r = integrate(m, b, fm, frm, fb, right, eps / 2, spawnLevels - 1);
        sync();
        return l + r;
    }

    /**
     * The integral of the integrand over [0, length] to about {@code 10^-digits}, spawning for the first
     * {@code spawnLevels} levels.
     */
    public static double compute(int length, int digits, int spawnLevels) {
        double eps = Math.pow(10, -digits);
        double fa = Integrand.value(0);
        double fm = Integrand.value(length / 2.0);
        double fb = Integrand.value(length);
        Integrate integrate = new Integrate();
        double result = integrate.integrate(0, length, fa, fm, fb, Simpson.rule(0, length, fa, fm, fb), eps,
                spawnLevels);
        integrate.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 3, args, System.out, System.err, Integrate::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int length = args.intAt(0, "length", 20_000, 1, 1_000_000);
        int digits = args.intAt(1, "digits", 10, 1, 14);
        int spawnLevels = args.intAt(2, "spawn levels", 20, 0, 64);
        Timed<Double> result = Timed.run(() -> compute(length, digits, spawnLevels));
        double exact = Integrand.exactIntegral(length);
        out.printf(Locale.ROOT, "integral over [0, %d] = %.15g (exact %.15g)%n", length, result.value(), exact);
        AppMain.printTime(out, "satin", result);
        double error = Math.abs(result.value() - exact);
        return AppMain.check(out, error <= tolerance(length, digits),
                String.format(Locale.ROOT, "|error| = %.3g against the closed form", error));
    }

    /**
     * How far the adaptive estimate may be from the exact value: the requested accuracy per unit cell (the
     * local error estimate is conservative) plus rounding in the sum of the many interval estimates.
     */
    static double tolerance(int length, int digits) {
        return length * Math.pow(10, -digits) + 1e-12 * length;
    }
}
