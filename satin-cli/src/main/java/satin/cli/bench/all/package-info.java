/**
 * {@code satin bench all}: every application benchmark ({@code apps} and {@code styles}) at its fixed size in one
 * run, written as one JSON record with the machine, the JDK and the load average ({@link AllBenchCommand}); and
 * {@code satin bench table}, which turns such a file into the Markdown table the READMEs show ({@link TableCommand}).
 */
package satin.cli.bench.all;
