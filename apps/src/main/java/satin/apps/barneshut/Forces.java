package satin.apps.barneshut;

import java.util.Arrays;

/**
 * The Barnes-Hut force walk, shared by both versions: a cell far enough away (its width less than
 * {@code THETA} times its distance) acts as one mass at its centre of mass; nearer cells are opened.
 * Plummer softening keeps close encounters finite and makes a body's pull on itself exactly zero.
 */
final class Forces {

    static final double THETA = 0.5;
    static final double SOFTENING = 0.01;

    private Forces() {
    }

    /** The accelerations {@code (ax, ay)} of bodies {@code [from, to)}, interleaved. */
    static double[] accelerations(QuadTree tree, int from, int to) {
        double[] result = new double[2 * (to - from)];
        int[] stack = new int[64 * 4];
        for (int i = from; i < to; i++) {
            double px = tree.bodyX[i];
            double py = tree.bodyY[i];
            double ax = 0;
            double ay = 0;
            int top = 0;
            stack[top++] = 0;
            while (top > 0) {
                int node = stack[--top];
                double m = tree.mass[node];
                if (m == 0) {
                    continue;
                }
                double dx = tree.massX[node] / m - px;
                double dy = tree.massY[node] / m - py;
                double d2 = dx * dx + dy * dy;
                double width = 2 * tree.half[node];
                if (tree.body[node] != QuadTree.INTERNAL || width * width < THETA * THETA * d2) {
                    double r2 = d2 + SOFTENING * SOFTENING;
                    double scale = m / (r2 * Math.sqrt(r2));
                    ax += scale * dx;
                    ay += scale * dy;
                } else {
                    if (top + 4 > stack.length) {
                        stack = Arrays.copyOf(stack, 2 * stack.length);
                    }
                    int first = tree.firstChild[node];
                    for (int c = first + 3; c >= first; c--) {
                        stack[top++] = c;
                    }
                }
            }
            result[2 * (i - from)] = ax;
            result[2 * (i - from) + 1] = ay;
        }
        return result;
    }

    /** Joins the accelerations of two adjacent ranges. */
    static double[] concat(double[] first, double[] second) {
        double[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
