/**
 * What the multi-node benchmarks ({@code bench nodes}, {@code bench faults}) share: the options that choose the
 * program they time instead of their default N-queens. A package of its own so that the benchmark packages depend
 * on it and {@code satin.cli.bench} (which lists them) depends on none of it.
 */
package satin.cli.bench.program;
