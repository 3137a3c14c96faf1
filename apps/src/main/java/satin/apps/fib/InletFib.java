package satin.apps.fib;

import satin.SatinObject;

/**
 * Fig. 2.1 with every spawn inside a {@code try} whose {@code catch} is an inlet that never runs: the cost of a spawn
 * under an inlet, against {@link PaperFib}'s plain spawn ({@code satin bench spawn --class satin.apps.fib.InletFib}).
 * The sync becomes the rewriter's inlet loop; a record carries its inlet group.
 */
public final class InletFib extends SatinObject implements InletFibInter {

    @Override
    public long fib(long n) {
        if (n < 2) {
            return n;
        }
        long x;
        long y;
        try {
            x = fib(n - 1);
        } catch (IllegalStateException e) {
            x = -1; // an inlet; fib never throws
        }
        try {
            y = fib(n - 2);
        } catch (IllegalStateException e) {
            y = -1;
        }
        sync();
        return x + y;
    }

    public static void main(String[] args) {
        InletFib f = new InletFib();
        long n = args.length > 0 ? Long.parseLong(args[0]) : 10;
        long res = f.fib(n);
        f.sync();
        System.out.println("Fib " + n + " = " + res);
    }
}
