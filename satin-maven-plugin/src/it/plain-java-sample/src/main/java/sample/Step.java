package sample;

import satin.Spawnable;

public interface Step extends Spawnable {
    int spread(int depth);

    long fib(int n);
}
