package satin.rewriter.samples.good;

import java.util.function.LongSupplier;

/** Spawns from an interface's static method, a lambda, a static initializer, into a nested class's private field. */
public interface Extras {

    long[] INIT = initial();

    static long[] initial() {
        OpsImpl impl = new OpsImpl();
        Ops ops = impl;
        long[] values = new long[1];
        values[0] = ops.j(2);
        impl.sync();
        return values;
    }

    static String run() {
        OpsImpl impl = new OpsImpl();
        Ops ops = impl;
        LongSupplier lambda = () -> {
            long v = ops.j(3);
            impl.sync();
            return v;
        };
        Box box = new Box();
        box.secret = ops.i(7);
        int last = 0;
        for (int k = 1; k <= 5; k++) {
            last = ops.i(k);
        }
        impl.sync();
        return INIT[0] + "," + lambda.getAsLong() + "," + box.secret + "," + last;
    }

    final class Box {
        private int secret;
    }
}
