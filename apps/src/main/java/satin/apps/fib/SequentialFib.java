package satin.apps.fib;

/** The sequential baseline: the same doubly recursive algorithm without Satin operations. */
public final class SequentialFib {

    private SequentialFib() {
    }

    public static long fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    /** The independent reference: fib(n) in O(n) additions. */
    public static long iterative(int n) {
        long previous = 0;
        long current = 0;
        long next = 1;
        for (int i = 0; i < n; i++) {
            previous = current;
            current = next;
            next = previous + current;
        }
        return current;
    }
}
