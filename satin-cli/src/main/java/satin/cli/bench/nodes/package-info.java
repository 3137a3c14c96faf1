/**
 * {@code satin bench nodes}: the cost of crossing JVMs, 1 JVM x 1 worker against 2 JVMs x 1 worker and 1 JVM x 2
 * workers, each launched like {@code satin run --nodes}.
 */
package satin.cli.bench.nodes;
