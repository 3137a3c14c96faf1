/**
 * What programs written for the original Satin use of its implementation package: {@link satin.impl.Satin#getSatin()}
 * as the test whether a runtime runs the program.
 */
package satin.impl;
