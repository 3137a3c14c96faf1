package ${package};

/**
 * The spawnable methods: an interface that extends satin.Spawnable. A call of one of its methods on an object of a
 * class that implements it (and extends satin.SatinObject) may run in parallel, on this machine or another.
 */
public interface Fibonacci extends satin.Spawnable {
    long fib(int n);
}
