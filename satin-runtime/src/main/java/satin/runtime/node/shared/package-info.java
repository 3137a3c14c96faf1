/**
 * Shared objects across nodes: {@link satin.runtime.node.shared.SharedReplication} keeps a replica of every shared
 * object on every node, the master orders every write and every node applies them in that order;
 * {@link satin.runtime.node.shared.SharedReferences} lets a job that holds a shared object travel with a reference to
 * it instead of a copy. Depends on the messages ({@code node.wire}) and the runtime's shared-object contract, not on
 * the node's wiring.
 *
 * <h2>Protocol: a fixed sequencer</h2>
 * The run's master orders every update. An update is either CREATE (an object starts being replicated: its id and
 * its state, Java-serialized) or WRITE (object id, write method, Java-serialized arguments, and the writer's node and
 * serial number). A node hands its updates to the master (SHARED_SUBMIT; the master itself queues them); the master's
 * <em>applier thread</em> gives each the next sequence number, applies it, then sends it to every other live node
 * (SHARED_ORDERED, on the FIFO link to that node, so each node receives them in sequence order). Every other
 * node's applier thread applies what arrives, checking that the numbers follow each other. Applying a WRITE calls
 * the write method on the local replica holding its monitor; the writer's node completes the writer's wait with
 * what its own replica's method returned or threw. So:
 * <ul>
 *   <li><b>One order.</b> Every replica applies the same sequence of writes (a prefix of it at any moment), so
 *       replicas that have applied the same number of updates are equal, given deterministic write methods.
 *       Stronger than the original Satin, whose replicas could miss or reorder updates and converged only where
 *       guards asked for it.</li>
 *   <li><b>Read your writes.</b> A write method returns once the writer's own replica applied it (a round trip to
 *       the master from other nodes, a hand-off to the applier thread on the master), so the writer's next reads
 *       see it. Reads are local and never wait: another node's replica may lag by the updates in flight.</li>
 *   <li><b>Writes before replication stay local.</b> An object is replicated from its first {@code exportObject()}
 *       or the first time a job holding it moves to another node ({@code SharedReferences}); its state at that
 *       moment (taken holding its monitor, as writes are applied) starts every other replica. A write that finds
 *       the object not yet replicated applies at once, under the same monitor, so it is either in that state or
 *       ordered after it.</li>
 *   <li><b>A WRITE sent before its object's CREATE reached the master</b> (two threads of a node, one replicating
 *       the object, one writing it, race to send) is held back by the master until the CREATE, so every node
 *       applies CREATE first.</li>
 *   <li><b>Nodes that join the running pool.</b> When a joiner asks for the replicas ({@code follow}), the
 *       master's applier thread sends it a SNAPSHOT: the state of every replicated object after the last update it
 *       ordered, with the position of each object's CREATE; from then on it sends the joiner every update it
 *       orders, as to the others. Snapshot and updates share the FIFO link to the joiner, so the joiner starts at
 *       the snapshot's position and applies every later write exactly once, and none twice. Until its snapshot is
 *       installed no job holding a shared object is shipped to a joiner ({@code SharedReferences}).</li>
 * </ul>
 * Why one sequencer rather than per-object ordering by the object's creator: the master is already the one node
 * whose loss ends the run, so ordering there adds no failure mode, and a single sequence makes "a replica has
 * caught up" one number ({@code applied}), which guards wait on. Cost: a write is two messages from a non-master
 * writer plus one per other node; shared-object programs write rarely (a better bound, a new centroid).
 *
 * <h2>Threads and memory ordering</h2>
 * Message upcalls only queue updates for the applier thread (they never wait; user code never runs on them). The
 * applier thread is the only one that applies updates and changes {@code applied}: after each update it increments
 * {@code applied} (volatile) inside {@code synchronized (progress)} and wakes waiters. A worker waiting for a replica
 * or a guard reads {@code applied} first, then the replica: the volatile read orders it after every update counted.
 * Writes are applied holding the replica's monitor, the same monitor a one-JVM runtime holds, so a read method that
 * synchronizes on the object never sees half a write. The identity table ({@code ids}) is guarded by its own
 * monitor, always taken inside an object's monitor or alone, never the other way round.
 *
 * <h2>Waits</h2>
 * A writer waits for its write to come back at most the run's timeout (then it throws, naming the method). The
 * applier thread waits for the next update without a bound, by nature: it serves the node until {@code close}.
 * Crashes: an update to a node that is gone is skipped (the node's replica went with it). The master is the
 * sequencer and is not replaced when it dies (the run itself survives that, see CrashRecovery): a later write fails
 * the run with "the master is gone", and a writer waiting for its write to come back gives up after the timeout.
 */
package satin.runtime.node.shared;
