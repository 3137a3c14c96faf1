/**
 * Analysis of one method: {@link satin.rewriter.spawn.SiteFinder} finds spawn sites (a spawnable call and the
 * store of its result), syncs and misuse; {@link satin.rewriter.spawn.PendingSpawns} is a forward dataflow over
 * the control-flow graph telling which spawns may still be pending at each sync, return and load;
 * {@link satin.rewriter.spawn.SummedArray} finds the arrays of spawn results a method only sums.
 */
package satin.rewriter.spawn;
