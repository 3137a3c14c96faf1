/**
 * {@code satin bench uts}: the Unbalanced Tree Search app against a sequential walk and a {@code ForkJoinPool}
 * version over the same kernel, in one run.
 */
package satin.cli.bench.uts;
