/** Command-line entry points of the IPL (picocli commands wired into the {@code satin} launcher). */
package satin.ipl.cli;
