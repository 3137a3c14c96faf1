package satin.samples.corpus.nbody;

import java.io.Serializable;

/** The accelerations of bodies {@code lo} to {@code lo + ax.length - 1}, and how many of the jobs ran elsewhere. */
final class Forces implements Serializable {
    private static final long serialVersionUID = 1L;

    final int lo;
    final double[] ax;
    final double[] ay;
    final double[] az;
    final int foreignJobs;

    Forces(int lo, double[] ax, double[] ay, double[] az, int foreignJobs) {
        this.lo = lo;
        this.ax = ax;
        this.ay = ay;
        this.az = az;
        this.foreignJobs = foreignJobs;
    }

    /** This range followed by {@code next}, which starts where this one ends. */
    Forces join(Forces next) {
        int n = ax.length + next.ax.length;
        double[] x = java.util.Arrays.copyOf(ax, n);
        double[] y = java.util.Arrays.copyOf(ay, n);
        double[] z = java.util.Arrays.copyOf(az, n);
        System.arraycopy(next.ax, 0, x, ax.length, next.ax.length);
        System.arraycopy(next.ay, 0, y, ax.length, next.ax.length);
        System.arraycopy(next.az, 0, z, ax.length, next.ax.length);
        return new Forces(lo, x, y, z, foreignJobs + next.foreignJobs);
    }
}
