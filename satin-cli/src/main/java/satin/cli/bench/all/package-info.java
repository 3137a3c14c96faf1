/**
 * {@code satin bench all}: every benchmark at a fixed size in one run: the application suites ({@code apps} and
 * {@code styles}) as rows of t_s, t_1 and t_p, and {@code spawn}, {@code nodes}, {@code ipl}, {@code faults} and
 * {@code model} as their own commands whose {@code --json} figures are read back ({@link OtherBenchmarks}), written as
 * one JSON record with the machine, the JDK and the load average ({@link AllBenchCommand}); and
 * {@code satin bench table}, which turns such a file into the Markdown table the READMEs show ({@link TableCommand}).
 */
package satin.cli.bench.all;
