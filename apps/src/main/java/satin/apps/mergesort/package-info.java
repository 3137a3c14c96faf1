/**
 * The mergesort application: merge sort, each half sorted by a spawned job. The Satin version, its sequential twin
 * (the t_s baseline, the same kernel without spawn and sync), the kernel they share and a self-checking {@code
 * main}; see the module README.
 */
package satin.apps.mergesort;
