/**
 * {@code satin bench}: the benchmarks, one package each ({@code spawn}, {@code nodes}, {@code ipl},
 * {@code apps}). Every benchmark times Satin against a baseline measured in the same run and prints ratios.
 */
package satin.cli.bench;
