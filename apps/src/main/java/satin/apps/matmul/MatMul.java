package satin.apps.matmul;

import java.io.PrintStream;
import java.util.Locale;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Recursive block matrix multiplication: a product of two blocks larger than the leaf size is split into the
 * eight half-size products of its quadrants, each a spawned job that returns its block (plain arrays), and
 * the parent adds them pairwise. Leaves multiply by an i-k-j loop.
 */
public final class MatMul extends SatinObject implements MatMulInter {

    static final String USAGE = "matmul [n, a power of two (default 1024)] [seed (default 1)] [leaf size (default 64)]";

    @Override
    public double[] multiply(double[] a, double[] b, int n, int aRow, int aColumn, int bRow, int bColumn, int size,
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
        sync();
        return Blocks.assemble(parts, size);
    }

    /** The product of the n x n matrices a and b (n a power of two), row-major. */
    public static double[] compute(double[] a, double[] b, int n, int leafSize) {
        MatMul matMul = new MatMul();
        double[] c = matMul.multiply(a, b, n, 0, 0, 0, 0, n, leafSize);
        matMul.sync();
        return c;
    }

    /** The seeded random n x n matrix with entries in [-1, 1). */
    public static double[] random(int n, long seed) {
        return Blocks.random(n, seed);
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 3, args, System.out, System.err, MatMul::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int n = args.intAt(0, "n", 1024, 1, 1 << 14);
        if (Integer.bitCount(n) != 1) {
            throw args.error("argument n must be a power of two, got " + n);
        }
        long seed = args.longAt(1, "seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        int leafSize = args.intAt(2, "leaf size", 64, 1, n);
        double[] a = random(n, seed);
        double[] b = random(n, seed + 1);
        Timed<double[]> c = Timed.run(() -> compute(a, b, n, leafSize));
        out.printf(Locale.ROOT, "product of two %dx%d matrices (seed %d): c[0][0] = %.12g%n", n, n, seed, c.value()[0]);
        AppMain.printTime(out, "satin", c);
        double error = Freivalds.maxResidual(a, b, c.value(), n, seed + 2);
        return AppMain.check(out, error <= 1e-9 * n,
                String.format(Locale.ROOT, "Freivalds residual |A(Bx) - Cx| = %.3g", error));
    }
}
