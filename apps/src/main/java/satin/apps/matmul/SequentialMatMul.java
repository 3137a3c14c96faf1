package satin.apps.matmul;

/** The sequential baseline: the same recursive split into block products, without Satin operations. */
public final class SequentialMatMul {

    private SequentialMatMul() {
    }

    static double[] multiply(double[] a, double[] b, int n, int aRow, int aColumn, int bRow, int bColumn, int size,
            int leafSize) {
        if (size <= leafSize) {
            return Blocks.multiply(a, b, n, aRow, aColumn, bRow, bColumn, size);
        }
        int h = size / 2;
        double[][] parts = new double[8][];
        for (int quadrant = 0; quadrant < 4; quadrant++) {
            int i = quadrant >> 1;
            int j = quadrant & 1;
            parts[2 * quadrant] = multiply(a, b, n, aRow + i * h, aColumn, bRow, bColumn + j * h, h, leafSize);
            parts[2 * quadrant + 1] = multiply(a, b, n, aRow + i * h, aColumn + h, bRow + h, bColumn + j * h, h,
                    leafSize);
        }
        return Blocks.assemble(parts, size);
    }

    public static double[] compute(double[] a, double[] b, int n, int leafSize) {
        return multiply(a, b, n, 0, 0, 0, 0, n, leafSize);
    }
}
