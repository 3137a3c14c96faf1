/**
 * The tsp application: the travelling salesman problem by branch and bound, the first levels of the search spawned.
 * The Satin version, its sequential twin (the t_s baseline, the same kernel without spawn and sync), the kernel
 * they share and a self-checking {@code main}; see the module README.
 */
package satin.apps.tsp;
