/**
 * The matmul application: matrix multiplication by blocks, eight half-size products spawned per level, checked with
 * Freivalds' algorithm. The Satin version, its sequential twin (the t_s baseline, the same kernel without spawn and
 * sync), the kernel they share and a self-checking {@code main}; see the module README.
 */
package satin.apps.matmul;
