package satin.apps.matmul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class MatMulTest {

    @Test
    void productEqualsTheTextbookProductForEveryLeafSize() {
        int n = 32;
        double[] a = MatMul.random(n, 11);
        double[] b = MatMul.random(n, 12);
        double[] expected = naive(a, b, n);
        for (int leaf : new int[] {1, 4, 16, 32}) {
            double[] c = MatMul.compute(a, b, n, leaf);
            assertArrayEquals(expected, c, 1e-12, "leaf " + leaf);
            assertArrayEquals(SequentialMatMul.compute(a, b, n, leaf), c, 0.0, "bit-identical, leaf " + leaf);
        }
    }

    @Test
    void freivaldsCatchesAWrongProduct() {
        int n = 16;
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        double[] c = MatMul.compute(a, b, n, 4);
        assertTrue(Freivalds.maxResidual(a, b, c, n, 3) < 1e-12);
        c[5 * n + 7] += 0.5;
        assertTrue(Freivalds.maxResidual(a, b, c, n, 3) > 1e-6);
    }

    @Test
    void mainReportsAPassedSelfCheckAndRejectsOtherSizes() throws Exception {
        MainRun run = MainRun.of(MatMul.USAGE, 3, MatMul::run, "64", "1", "16");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
        MainRun bad = MainRun.of(MatMul.USAGE, 3, MatMul::run, "100");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("power of two"), bad.err());
    }

    private static double[] naive(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = sum;
            }
        }
        return c;
    }
}
