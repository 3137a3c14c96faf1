package satin.apps.matmul;

import java.util.SplittableRandom;

/**
 * Square blocks of row-major {@code n x n} matrices, addressed by their top-left corner: the leaf product
 * and the assembly of a product from its quadrants' partial products. Shared by both versions, so both add
 * the same numbers in the same order and give bit-identical results.
 */
final class Blocks {

    private Blocks() {
    }

    /**
     * The {@code size x size} product of the block of {@code a} at (aRow, aColumn) and the block of
     * {@code b} at (bRow, bColumn), by the cache-friendly i-k-j loop.
     */
    static double[] multiply(double[] a, double[] b, int n, int aRow, int aColumn, int bRow, int bColumn,
            int size) {
        double[] c = new double[size * size];
        for (int i = 0; i < size; i++) {
            int aBase = (aRow + i) * n + aColumn;
            for (int k = 0; k < size; k++) {
                double aik = a[aBase + k];
                int bBase = (bRow + k) * n + bColumn;
                int cBase = i * size;
                for (int j = 0; j < size; j++) {
                    c[cBase + j] += aik * b[bBase + j];
                }
            }
        }
        return c;
    }

    /**
     * Assembles a {@code size x size} product from its eight half-size partial products: quadrant (i, j)
     * is {@code parts[4i + 2j] + parts[4i + 2j + 1]} (the products over the first and second half of k).
     */
    static double[] assemble(double[][] parts, int size) {
        int half = size / 2;
        double[] c = new double[size * size];
        for (int quadrant = 0; quadrant < 4; quadrant++) {
            double[] first = parts[2 * quadrant];
            double[] second = parts[2 * quadrant + 1];
            int rowOffset = (quadrant >> 1) * half;
            int columnOffset = (quadrant & 1) * half;
            for (int i = 0; i < half; i++) {
                int cBase = (rowOffset + i) * size + columnOffset;
                for (int j = 0; j < half; j++) {
                    c[cBase + j] = first[i * half + j] + second[i * half + j];
                }
            }
        }
        return c;
    }

    /** The seeded random matrix with entries in [-1, 1). */
    static double[] random(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] m = new double[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = random.nextDouble(-1, 1);
        }
        return m;
    }
}
