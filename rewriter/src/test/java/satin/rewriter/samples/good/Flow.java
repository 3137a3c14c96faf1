package satin.rewriter.samples.good;

import java.util.ArrayList;
import java.util.List;

/** Spawns and syncs in awkward control flow: the rewritten code must verify and compute the same. */
final class Flow {

    private final OpsImpl impl = new OpsImpl();
    private final Ops ops = impl;
    private final List<String> trace = new ArrayList<>();
    private final int[][] grid = new int[4][3];
    private final Object lock = new Object();

    private Flow() {
    }

    static String run() {
        Flow f = new Flow();
        return f.tryFinally() + "," + f.switches(3) + "," + f.loops() + "," + f.inCatch() + "," + f.locked() + ","
                + f.evaluationOrder() + "," + f.conditionalSync(true) + "," + f.conditionalSync(false) + ","
                + f.twoSlotNeighbours() + "," + f.alternativeSites() + "," + String.join("", f.trace);
    }

    String tryFinally() {
        long a = 0;
        try {
            a = ops.j(2);
            if (trace.contains("never")) {
                return "early";
            }
        } finally {
            impl.sync();
        }
        return Long.toString(a);
    }

    int switches(int k) {
        int r = 0;
        switch (k) {
            case 1:
                r = ops.i(1);
                break;
            case 3:
                r = ops.i(3);
                // fall through
            case 4:
                int extra = ops.i(4);
                impl.sync();
                r += extra;
                break;
            default:
                r = -1;
        }
        impl.sync();
        return r;
    }

    long loops() {
        long sum = 0;
        outer:
        for (int i = 0; i < 4; i++) {
            int j = 0;
            while (true) {
                if (j == 3) {
                    break;
                }
                if ((i + j) % 3 == 0) {
                    j++;
                    continue;
                }
                grid[i][j] = ops.i(i * 10 + j); // each element written once before the sync
                if (i == 3) {
                    break outer;
                }
                j++;
            }
        }
        impl.sync();
        for (int[] row : grid) {
            for (int v : row) {
                sum += v;
            }
        }
        return sum;
    }

    String inCatch() {
        try {
            int x = ops.boom(7);
            impl.sync();
            return "no " + x;
        } catch (IllegalStateException e) {
            String msg = ops.str(e.getMessage());
            impl.sync();
            return msg;
        }
    }

    int locked() {
        int v;
        synchronized (lock) {
            v = ops.i(11);
            impl.sync();
        }
        return v;
    }

    private int[] row(int r) {
        trace.add("row" + r);
        return grid[r];
    }

    private int index(int i) {
        trace.add("index" + i);
        return i;
    }

    int evaluationOrder() {
        row(0)[index(1)] = ops.i(100);
        row(2)[index(2)] = ops.i(200);
        trace.add("beforeSync");
        impl.sync();
        return grid[0][1] + grid[2][2];
    }

    int conditionalSync(boolean early) {
        int x = ops.i(5);
        if (early) {
            impl.sync();
            return x;
        }
        int y = ops.i(6);
        impl.sync();
        return x + y;
    }

    /** Two sites store into one local on alternative paths of a loop: the last one to run must win. */
    int alternativeSites() {
        int x = 0;
        for (int k = 0; k < 7; k++) {
            if (k % 3 == 0) {
                x = ops.i(k);
            } else {
                x = impl.i(100 + k);
            }
        }
        impl.sync();
        return x;
    }

    double twoSlotNeighbours() {
        double d = ops.d(2.0);
        long j = ops.j(1);
        int i = ops.i(1);
        float f = ops.f(1f);
        impl.sync();
        return d + j + i + f;
    }
}
