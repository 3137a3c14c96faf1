package satin.apps.barneshut;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The state of an N-body system in the plane: positions, velocities and masses, one array per component.
 * Immutable: a time step makes a new state.
 */
public final class Bodies {

    final double[] x;
    final double[] y;
    final double[] vx;
    final double[] vy;
    final double[] mass;

    Bodies(double[] x, double[] y, double[] vx, double[] vy, double[] mass) {
        this.x = x;
        this.y = y;
        this.vx = vx;
        this.vy = vy;
        this.mass = mass;
    }

    /** {@code count} bodies of equal mass spread over the unit disk, rotating slowly about its centre. */
    public static Bodies randomDisk(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[count];
        double[] y = new double[count];
        double[] vx = new double[count];
        double[] vy = new double[count];
        double[] mass = new double[count];
        for (int i = 0; i < count; i++) {
            double px;
            double py;
            do {
                px = random.nextDouble(-1, 1);
                py = random.nextDouble(-1, 1);
            } while (px * px + py * py > 1);
            x[i] = px;
            y[i] = py;
            vx[i] = -0.5 * py;
            vy[i] = 0.5 * px;
            mass[i] = 1.0 / count;
        }
        return new Bodies(x, y, vx, vy, mass);
    }

    public int count() {
        return x.length;
    }

    /**
     * The state {@code dt} later under the accelerations {@code (ax, ay)} interleaved per body, by the
     * semi-implicit Euler rule (velocity first, then position with the new velocity).
     */
    Bodies advance(double[] accelerations, double dt) {
        int n = count();
        double[] nx = new double[n];
        double[] ny = new double[n];
        double[] nvx = new double[n];
        double[] nvy = new double[n];
        for (int i = 0; i < n; i++) {
            nvx[i] = vx[i] + dt * accelerations[2 * i];
            nvy[i] = vy[i] + dt * accelerations[2 * i + 1];
            nx[i] = x[i] + dt * nvx[i];
            ny[i] = y[i] + dt * nvy[i];
        }
        return new Bodies(nx, ny, nvx, nvy, mass);
    }

    /** Whether both states are bit for bit the same. */
    public boolean sameAs(Bodies other) {
        return Arrays.equals(x, other.x) && Arrays.equals(y, other.y) && Arrays.equals(vx, other.vx)
                && Arrays.equals(vy, other.vy) && Arrays.equals(mass, other.mass);
    }

    /** The position of the centre of mass, a summary printed by the application. */
    public double[] centreOfMass() {
        double m = 0;
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < count(); i++) {
            m += mass[i];
            sx += mass[i] * x[i];
            sy += mass[i] * y[i];
        }
        return new double[] {sx / m, sy / m};
    }
}
