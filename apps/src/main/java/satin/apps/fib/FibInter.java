package satin.apps.fib;

import satin.Spawnable;

/** The spawnable Fibonacci method. */
public interface FibInter extends Spawnable {
    long fib(int n);
}
