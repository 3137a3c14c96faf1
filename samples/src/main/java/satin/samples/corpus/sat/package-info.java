/**
 * {@link satin.samples.corpus.sat.SatCount}: counting the models of a CNF formula, with package-private classes
 * without no-argument constructors and an anonymous class in its jobs.
 */
package satin.samples.corpus.sat;
