package satin.apps.fib;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Fibonacci numbers the doubly recursive way, exactly as the paper's Fig. 2.1: no threshold, every call
 * below the root is a spawn. The work per job is tiny, so this measures the pure cost of a spawn and a sync.
 */
public final class Fib extends SatinObject implements FibInter {

    static final String USAGE = "fib [n (default 42)]";

    @Override
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    /** Computes fib(n) with spawns, as the main program of Fig. 2.1 does. */
    public static long compute(int n) {
        Fib f = new Fib();
        long result = f.fib(n);
        f.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 1, args, System.out, System.err, Fib::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int n = args.intAt(0, "n", 42, 0, 92);
        Timed<Long> result = Timed.run(() -> compute(n));
        out.println("fib(" + n + ") = " + result.value());
        AppMain.printTime(out, "satin", result);
        return AppMain.check(out, result.value() == SequentialFib.iterative(n),
                "equals the iteratively computed Fibonacci number");
    }
}
