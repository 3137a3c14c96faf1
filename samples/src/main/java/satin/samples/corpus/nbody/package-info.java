/**
 * {@link satin.samples.corpus.nbody.NBody}: an n-body simulation using the original's {@code SatinObject} statics.
 */
package satin.samples.corpus.nbody;
