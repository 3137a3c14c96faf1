package satin.apps.fib;

import satin.SatinObject;

/**
 * The Satin paper's Fig. 2.1 as printed (a {@code long} argument, a spawn at every level), rewritten by the
 * Maven plugin like every app. {@code satin bench spawn} times this class, so the benchmark measures the
 * code the real rewriter emits rather than a hand-written imitation.
 */
public final class PaperFib extends SatinObject implements PaperFibInter {

    @Override
    public long fib(long n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    public static void main(String[] args) {
        PaperFib f = new PaperFib();
        long n = args.length > 0 ? Long.parseLong(args[0]) : 10;
        long res = f.fib(n);
        f.sync();
        System.out.println("Fib " + n + " = " + res);
    }
}
