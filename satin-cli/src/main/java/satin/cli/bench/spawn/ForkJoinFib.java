package satin.cli.bench.spawn;

import java.util.concurrent.RecursiveTask;

/** Fib with {@link java.util.concurrent.ForkJoinPool}: fork at every level, no threshold (the baseline). */
final class ForkJoinFib extends RecursiveTask<Long> {

    private final long n;

    ForkJoinFib(long n) {
        this.n = n;
    }

    @Override
    protected Long compute() {
        if (n < 2) {
            return n;
        }
        ForkJoinFib first = new ForkJoinFib(n - 1);
        first.fork();
        long y = new ForkJoinFib(n - 2).compute();
        return first.join() + y;
    }
}
