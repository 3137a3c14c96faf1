package satin.rewriter.samples.embed;

public interface Fibonacci extends satin.Spawnable {
    long fib(int n);
}
