/** A probe that counts the threads a program's spawned calls ran on, exactly and without timing assumptions. */
package satin.samples.probe;
