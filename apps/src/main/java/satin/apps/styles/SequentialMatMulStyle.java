package satin.apps.styles;

/** The sequential twin of {@link MatMulStyle}: the same quadrant recursion and leaf loop. */
public final class SequentialMatMulStyle {

    private SequentialMatMulStyle() {
    }

    static void multiply(double[] a, double[] b, double[] c, int n, int ar, int ac, int br, int bc, int size,
                         int cutoff) {
        if (size <= cutoff) {
            leaf(a, b, c, n, ar, ac, br, bc, size);
            return;
        }
        int h = size / 2;
        multiply(a, b, c, n, ar, ac, br, bc, h, cutoff);
        multiply(a, b, c, n, ar, ac, br, bc + h, h, cutoff);
        multiply(a, b, c, n, ar + h, ac, br, bc, h, cutoff);
        multiply(a, b, c, n, ar + h, ac, br, bc + h, h, cutoff);
        multiply(a, b, c, n, ar, ac + h, br + h, bc, h, cutoff);
        multiply(a, b, c, n, ar, ac + h, br + h, bc + h, h, cutoff);
        multiply(a, b, c, n, ar + h, ac + h, br + h, bc, h, cutoff);
        multiply(a, b, c, n, ar + h, ac + h, br + h, bc + h, h, cutoff);
    }

    public static double[] compute(double[] a, double[] b, int n, int cutoff) {
        double[] c = new double[n * n];
        multiply(a, b, c, n, 0, 0, 0, 0, n, cutoff);
        return c;
    }

    /** C[ar.., bc..] += A[ar.., ac..] B[br.., bc..] for a size x size block, i-k-j order. */
    static void leaf(double[] a, double[] b, double[] c, int n, int ar, int ac, int br, int bc, int size) {
        for (int i = 0; i < size; i++) {
            int ci = (ar + i) * n + bc;
            for (int k = 0; k < size; k++) {
                double aik = a[(ar + i) * n + ac + k];
                int bk = (br + k) * n + bc;
                for (int j = 0; j < size; j++) {
                    c[ci + j] += aik * b[bk + j];
                }
            }
        }
    }
}
