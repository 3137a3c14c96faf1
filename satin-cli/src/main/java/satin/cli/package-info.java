/**
 * The {@code satin} command line: {@link satin.cli.SatinCommand} puts the commands under one name; each command
 * is a package of its own ({@code run}, {@code launch}, {@code compile}, {@code server}, {@code wan},
 * {@code simulate}, {@code bench}). This module is the only one that uses picocli, Jackson, XChart and Logback,
 * and the only one that ends the JVM ({@code System.exit} in {@code SatinCommand.main} and in the node main of
 * {@code run}).
 */
package satin.cli;
