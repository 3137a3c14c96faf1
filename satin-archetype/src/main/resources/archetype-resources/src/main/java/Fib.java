package ${package};

import satin.SatinObject;

/**
 * Divide and conquer in plain Java: the two recursive calls are spawned (they may run in parallel), and sync()
 * waits for both. Without the rewriting plugin this is an ordinary sequential program with the same answer.
 */
public class Fib extends SatinObject implements Fibonacci {

    /** Below this size a call is cheaper to do than to hand to another worker. */
    static final int THRESHOLD = 15;

    public long fib(int n) {
        if (n < THRESHOLD) {
            return sequential(n);
        }
        long x = fib(n - 1); // spawned
        long y = fib(n - 2); // spawned
        sync();              // x and y are defined from here on
        return x + y;
    }

    static long sequential(int n) {
        return n < 2 ? n : sequential(n - 1) + sequential(n - 2);
    }

    /** java -jar target/<artifactId>.jar [n]: main runs on a runtime with a worker on every core. */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 35;
        Fib fib = new Fib();
        long result = fib.fib(n);
        fib.sync();
        System.out.println("fib(" + n + ") = " + result);
    }
}
