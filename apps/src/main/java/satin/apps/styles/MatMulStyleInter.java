package satin.apps.styles;

import satin.Spawnable;

/** The spawnable method of {@link MatMulStyle}. */
public interface MatMulStyleInter extends Spawnable {
    void multiply(double[] a, double[] b, double[] c, int n, int ar, int ac, int br, int bc, int size, int cutoff);
}
