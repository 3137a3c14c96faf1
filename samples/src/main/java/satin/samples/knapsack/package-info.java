/**
 * A 0/1 knapsack in the original's style: spawns above a depth threshold, the sync() under the same test. The
 * build fails on any rewriter warning, so this program proves the read-before-sync analysis gives none here.
 */
package satin.samples.knapsack;
