/** Running sample programs in fresh JVMs the way users start Java programs, and reading what they print. */
package satin.samples.testing;
