/**
 * {@code satin bench startup}: the whole-process time of local multi-node runs ({@code satin run --nodes 2 fib 20},
 * {@code --nodes 4 --clusters 2}) minus that of the same program in one JVM, measured in one invocation.
 */
package satin.cli.bench.startup;
