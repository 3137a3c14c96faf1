/**
 * {@code satin bench first}: first-solution searches (an inlet that aborts, a throw past the parents) with the default
 * inlining against inlining off, back to back, and against their sequential program.
 */
package satin.cli.bench.first;
