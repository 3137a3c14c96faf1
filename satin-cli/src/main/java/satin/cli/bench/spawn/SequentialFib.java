package satin.cli.bench.spawn;

/** Fig. 2.1's fib as plain sequential Java: the baseline every parallel version is compared with. */
final class SequentialFib {

    long fib(long n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        return x + y;
    }
}
