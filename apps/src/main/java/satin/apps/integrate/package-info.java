/**
 * The integrate application: adaptive Simpson quadrature of an irregular integrand, both halves spawned down to a
 * number of levels. The Satin version, its sequential twin (the t_s baseline, the same kernel without spawn and
 * sync), the kernel they share and a self-checking {@code main}; see the module README.
 */
package satin.apps.integrate;
