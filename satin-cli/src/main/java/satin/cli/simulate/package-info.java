/**
 * The {@code satin simulate} commands (picocli): {@code table2.1}, {@code gridlab}, {@code scale} and {@code run}.
 * Tables go to stdout (or JSON with {@code --json}), progress to stderr, charts (XChart PNG) to {@code --out}.
 */
package satin.cli.simulate;
