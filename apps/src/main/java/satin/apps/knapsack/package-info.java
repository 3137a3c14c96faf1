/**
 * The knapsack application: 0/1 knapsack by branch and bound with Dantzig's bound, both choices spawned for the
 * first items. The Satin version, its sequential twin (the t_s baseline, the same kernel without spawn and sync),
 * the kernel they share and a self-checking {@code main}; see the module README.
 */
package satin.apps.knapsack;
