package satin.runtime.spawn;

import java.util.function.LongSupplier;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;

/**
 * The rewritten shape of one spawn site {@code dest[index] = call()} (see {@link Spawns}), as a helper so
 * tests can write rewritten methods compactly: inline test, plain call with failure capture, or record.
 */
final class Site {

    private Site() {
    }

    static InvocationRecord spawn(long[] dest, int index, LongSupplier call, InvocationRecord frame) {
        return spawn(dest, index, call, null, frame);
    }

    static InvocationRecord spawn(long[] dest, int index, LongSupplier call, ArrayCall.DeliveryLog log,
                                  InvocationRecord frame) {
        if (Spawns.inline()) {
            try {
                dest[index] = call.getAsLong();
            } catch (Throwable t) {
                frame = Spawns.failed(t, frame);
            }
        } else {
            frame = Spawns.spawn(new ArrayCall(dest, index, call, log), frame);
        }
        return frame;
    }

    /** Fib with both spawns stored into an array, in the rewritten shape (nested spawns at every level). */
    static long fib(long n) {
        if (n < 2) {
            return n;
        }
        long[] r = new long[2];
        InvocationRecord frame = null;
        try {
            frame = spawn(r, 0, () -> fib(n - 1), frame);
            frame = spawn(r, 1, () -> fib(n - 2), frame);
            Spawns.sync(frame);
            frame = null;
            return r[0] + r[1];
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }
}
