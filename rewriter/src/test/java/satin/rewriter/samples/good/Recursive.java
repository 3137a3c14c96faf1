package satin.rewriter.samples.good;

import satin.Spawnable;

/** A package-private spawnable interface. */
interface Recursive extends Spawnable {
    long fib(int n);

    long sum(long[] values, int from, int to);

    int failing(int depth);

    long fanOut(int n);
}
