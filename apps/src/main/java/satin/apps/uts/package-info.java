/**
 * The uts application: the Unbalanced Tree Search benchmark, counting the nodes of a tree defined by SHA-1
 * splitting, a spawn per child. The Satin version, its sequential twin (the t_s baseline, the same kernel without
 * spawn and sync), the kernel they share ({@link satin.apps.uts.Tree}, {@link satin.apps.uts.Sha1Split}), the
 * published trees with their node counts ({@link satin.apps.uts.Trees}) and a self-checking {@code main}; see the
 * module README.
 */
package satin.apps.uts;
