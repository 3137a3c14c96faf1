/**
 * The barneshut application: Barnes-Hut N-body simulation in 2-D (theta 0.5): per time step a sequential quadtree
 * build, then the accelerations by halving the body range, spawned down to a leaf size. The Satin version, its
 * sequential twin (the t_s baseline, the same kernel without spawn and sync), the kernel they share and a
 * self-checking {@code main}; see the module README.
 */
package satin.apps.barneshut;
