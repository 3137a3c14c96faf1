/**
 * The queensfirst application: one solution of the N-queens problem by speculative search. Every placement of the
 * first rows' queens is a spawned job; the first job to find a solution throws it ({@link Solution}, a
 * {@code satin.Inlet}), the inlet around the spawn records it and calls {@code abort()}, which cancels every
 * sibling search, on this node and on others, and the solution travels up the tree the same way. The sequential
 * twin searches depth first; the self-check verifies the placement and that a solution exists exactly when the
 * sequential search finds one.
 */
package satin.apps.queensfirst;
