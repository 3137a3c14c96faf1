/**
 * The fib application: Fibonacci by double recursion, a spawn at every level: Fig. 2.1 of the paper (PaperFib
 * exactly as printed, which satin bench spawn times; Fib with an int argument, the bundled app). The Satin version,
 * its sequential twin (the t_s baseline, the same kernel without spawn and sync), the kernel they share and a
 * self-checking {@code main}; see the module README.
 */
package satin.apps.fib;
