/**
 * What several benchmarks share: the options that choose the program {@code bench nodes} and {@code bench faults}
 * time ({@link satin.cli.bench.support.BenchProgram}), the runs of {@code satin run} in this JVM whose statistics
 * they read back ({@link satin.cli.bench.support.StatsRuns}), and the median every benchmark reports
 * ({@link satin.cli.bench.support.Median}). A package of its own so that the benchmark packages depend on it and
 * {@code satin.cli.bench} (which lists them) depends on none of it.
 */
package satin.cli.bench.support;
