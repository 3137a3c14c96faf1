/**
 * A speculative search in the original Satin's style, written to show that {@code abort()} reaches work wherever it
 * runs: the spawned searches that cannot succeed never end on their own (they spawn and sync in a loop), so the
 * program ends only because the inlet that receives the one answer aborts them, on this worker, on another worker
 * or on another node.
 */
package satin.samples.speculate;
