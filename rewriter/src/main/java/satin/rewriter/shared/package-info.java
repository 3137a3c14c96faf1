/**
 * Shared objects in rewritten code: {@link satin.rewriter.shared.WriteCalls} turns every call of a write method (a
 * method of an interface extending {@code satin.WriteMethodsInterface}) into a call of a bridge that hands the write
 * to {@code satin.contract.SharedWrites}, and {@link satin.rewriter.shared.SharedChecks} refuses the forms whose
 * meaning would be unclear (a write-methods interface on a class that is no {@code SharedObject}, a guard whose
 * signature does not match its spawnable method). Kept apart from the spawn rewriting: a write call has the same
 * stack effect before and after, so the two compose in either order.
 */
package satin.rewriter.shared;
