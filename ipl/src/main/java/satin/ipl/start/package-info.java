/**
 * Starting a node: {@link satin.ipl.start.Ipl} finds the IPL implementations ({@link satin.ipl.spi.IplProvider}s)
 * with {@link java.util.ServiceLoader}, chooses one by name or by preference and capabilities, and has the core
 * start the node; {@link satin.ipl.start.ProviderProperties} tells {@link satin.ipl.IplConfig} (through the
 * {@link satin.ipl.ImplementationProperties} service) which keys the implementations accept.
 *
 * <p>The entry point has a package of its own because it is the one place that names the implementation
 * packages ({@code core}, {@code local}, {@code spi}) while all of them depend on the API types in
 * {@code satin.ipl}: in the API package it would close a cycle. Nothing depends on this package but programs.
 */
package satin.ipl.start;
