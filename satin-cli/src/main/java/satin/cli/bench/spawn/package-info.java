/**
 * {@code satin bench spawn}: the cost of a spawn, with Fib(n) and a spawn at every level (Fig. 2.1 as the Maven
 * plugin rewrote it), against plain sequential Java and {@code ForkJoinPool} at the same thread counts.
 */
package satin.cli.bench.spawn;
