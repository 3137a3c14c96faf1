/**
 * The nqueens application: counting the solutions of the N-queens problem, a spawn per queen placed in the first
 * rows. The Satin version, its sequential twin (the t_s baseline, the same kernel without spawn and sync), the
 * kernel they share and a self-checking {@code main}; see the module README.
 */
package satin.apps.nqueens;
