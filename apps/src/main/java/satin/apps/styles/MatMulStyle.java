package satin.apps.styles;

import satin.SatinObject;

/**
 * C += A B on n x n row-major matrices by quadrants: the four products that write different quadrants of C are
 * spawned, a sync, then the other four; below {@code cutoff} rows the sequential twin's loop runs.
 */
public final class MatMulStyle extends SatinObject implements MatMulStyleInter {

    @Override
    public void multiply(double[] a, double[] b, double[] c, int n, int ar, int ac, int br, int bc, int size,
                         int cutoff) {
        if (size <= cutoff) {
            SequentialMatMulStyle.leaf(a, b, c, n, ar, ac, br, bc, size);
            return;
        }
        int h = size / 2;
        multiply(a, b, c, n, ar, ac, br, bc, h, cutoff);
        multiply(a, b, c, n, ar, ac, br, bc + h, h, cutoff);
        multiply(a, b, c, n, ar + h, ac, br, bc, h, cutoff);
        multiply(a, b, c, n, ar + h, ac, br, bc + h, h, cutoff);
        sync();
        multiply(a, b, c, n, ar, ac + h, br + h, bc, h, cutoff);
        multiply(a, b, c, n, ar, ac + h, br + h, bc + h, h, cutoff);
        multiply(a, b, c, n, ar + h, ac + h, br + h, bc, h, cutoff);
        multiply(a, b, c, n, ar + h, ac + h, br + h, bc + h, h, cutoff);
        sync();
    }

    public static double[] compute(double[] a, double[] b, int n, int cutoff) {
        double[] c = new double[n * n];
        MatMulStyle m = new MatMulStyle();
        m.multiply(a, b, c, n, 0, 0, 0, 0, n, cutoff);
        m.sync();
        return c;
    }
}
