/**
 * Spawn-tree traces: what a real run did, in a form the simulator replays.
 *
 * <h2>Content</h2>
 * One record per job, in spawn order (ids {@code 0..n-1}, job 0 the root, every parent spawned before its
 * children, so a job's children are the jobs naming it as parent, in increasing id order): the parent id, the
 * job's own compute time in nanoseconds (its wall time minus the time its worker spent running other jobs while
 * this one was on the stack, e.g. inside its {@code sync()}), the size of its parameters and of its result in
 * bytes (as serialized when it is stolen). {@link satin.trace.SpawnTrace} holds such a tree.
 *
 * <h2>File format (version 1)</h2>
 * The 8 ASCII bytes {@code SATNTRC1}; the job count as an unsigned LEB128 varint; then per job four varints:
 * {@code id - parent} (0 for the root), own nanoseconds, parameter bytes, result bytes. A typical job takes 5 to
 * 8 bytes. {@link satin.trace.TraceFormat} reads and writes it.
 *
 * <h2>Recording</h2>
 * {@link satin.trace.TraceRecorder} is what a runtime calls while it executes the tree: an atomic counter hands
 * out ids and the fields go into preallocated chunks of primitive arrays, so recording allocates nothing per job
 * except one 64 Ki-job chunk now and then. How the Satin runtime measures own times and sizes is in
 * {@code satin.runtime.trace}.
 */
package satin.trace;
