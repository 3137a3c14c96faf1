/**
 * How the runtime measures a run for a spawn-tree trace ({@link satin.trace}, the format the simulator replays).
 *
 * <p>{@link satin.trace.TraceRecorder} is what the workers call on their hot path when
 * {@code RuntimeConfig.withTrace(recorder)} is given (the command line's {@code --record-trace FILE}).
 * {@link satin.runtime.trace.JobTimer}, one per worker, turns started/ended/pause/resume calls into each job's own
 * compute time (its wall time minus the time its worker spent running other jobs while it was on the stack, e.g.
 * inside its {@code sync()}, and minus the waits of a sync with nothing to run).
 * {@link satin.runtime.trace.SizeEstimate} estimates parameter and result sizes from a record's fields, without
 * serializing. A runtime that records queues every spawn (no inlining), so that every spawnable call is a job of
 * the tree.
 */
package satin.runtime.trace;
