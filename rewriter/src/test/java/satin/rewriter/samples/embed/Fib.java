package satin.rewriter.samples.embed;

public class Fib extends satin.SatinObject implements Fibonacci {
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }
}
