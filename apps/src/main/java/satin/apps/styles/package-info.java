/**
 * Programs in the styles people write without thinking about the runtime, for {@code satin bench styles}: each has
 * its own cut-off written into the recursion (below it the Satin version calls its sequential twin) and spawns inside
 * loops or several per level. {@code QueensStyle}: N-queens with a spawn per column; {@code KnapsackStyle}: 0/1
 * knapsack by exhaustive search with two spawns per level; {@code MatMulStyle}: blocked matrix multiplication with
 * eight spawns per level (four products, a sync, four more). Each {@code Sequential...} twin is the same recursion
 * without Satin operations, so t_1/t_s measures what the rewriting costs in this shape of code.
 */
package satin.apps.styles;
