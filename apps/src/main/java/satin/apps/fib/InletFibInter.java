package satin.apps.fib;

import satin.Spawnable;

/** The spawnable method of {@link InletFib}. */
public interface InletFibInter extends Spawnable {
    long fib(long n);
}
