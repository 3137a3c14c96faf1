package satin.apps.matmul;

import satin.Spawnable;

/** The spawnable step: the product of two {@code size x size} blocks of the n x n matrices a and b. */
public interface MatMulInter extends Spawnable {
    double[] multiply(double[] a, double[] b, int n, int aRow, int aColumn, int bRow, int bColumn, int size,
            int leafSize);
}
