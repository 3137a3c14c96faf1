package satin.apps.fib;

import satin.Spawnable;

/** Fig. 2.1's spawnable interface, with the paper's {@code long} argument. */
public interface PaperFibInter extends Spawnable {
    long fib(long n);
}
