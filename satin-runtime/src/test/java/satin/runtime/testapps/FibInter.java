package satin.runtime.testapps;

import satin.Spawnable;

/** The spawnable interface of Fig. 2.1 of the Satin paper. */
public interface FibInter extends Spawnable {
    long fib(long n);
}
