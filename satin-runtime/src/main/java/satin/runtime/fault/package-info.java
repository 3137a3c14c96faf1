/**
 * Surviving the crash of other nodes: the identity of jobs that cross nodes, the table of salvaged results, and the
 * re-execution that reuses them.
 *
 * <h2>The algorithm</h2>
 * <ol>
 *   <li><b>Detection.</b> A node is gone when the registry reports it died or left (its connection to the registry
 *       closed: at once; or it was silent for the heartbeat timeout, the run's detection time), or when a send to it
 *       fails (a broken link). Every live node then forgets it as a victim and as a destination, and ends the steal
 *       requests waiting for its reply as "no job" ({@code node.CrashRecovery}).</li>
 *   <li><b>Identity, only for jobs that cross nodes.</b> A job's identity is the {@link ArgumentDigest} of its
 *       call: record class, arguments and (a bounded part of) its target object, computed by a thief when a stolen
 *       job arrives (before it runs) and by a re-execution for each of its spawns. Nothing is computed or sent for
 *       a job that stays on its node, so a run without crashes pays one digest per stolen job and one field read per
 *       executed job. Equal calls have equal identities on every node; result reuse therefore assumes what every
 *       Satin recovery assumes: a spawnable call's outcome depends only on its target and arguments.</li>
 *   <li><b>Lost jobs are run again.</b> The owner of a job that a dead node had stolen takes it back and requeues it
 *       ({@code WorkerPool.requeue}); the sync waiting for it continues when it completes. Any idle node may steal it
 *       again (it is the oldest, largest piece of work). A result that the dead thief sent before dying but that
 *       arrives late completes nothing: the owner gave the job id up, so a job never reaches its {@code sync()}
 *       twice.</li>
 *   <li><b>Orphans are salvaged.</b> Jobs that live nodes stole from the dead node (orphans: their owner is gone)
 *       keep running; each live node announces the ones it runs (ORPHANS, pending entries in every node's
 *       {@link SalvagedResults}), and when one ends its result goes to every live node's table instead of to the
 *       dead owner. A thief also keeps the last results it sent to each owner: when that owner dies, the job that used
 *       them is lost with it, so they are salvaged too (this covers results sent into the dead node's socket before
 *       anybody knew).</li>
 *   <li><b>Re-execution in lookup mode.</b> A requeued job, and every record spawned in it, runs in lookup mode
 *       while the table holds an entry nobody claimed yet: every spawn becomes a record whose identity is looked up
 *       first. A stored outcome completes it at once; a pending one makes it wait for the orphan's result like a
 *       stolen record (or run here after all if the orphan's node dies too, or if the waiting worker has nothing
 *       else to do for 100 ms, which breaks the wait cycles that helping with arbitrary jobs in a sync would allow).
 *       A node releases its requeued jobs once every live node announced its orphans (or after 2 s), so that the
 *       re-execution knows what to wait for rather than run.</li>
 * </ol>
 *
 * <h2>Memory ordering</h2>
 * A record completed from the table is completed by the thread that delivers the outcome
 * ({@code WorkerPool.completeExported}: result, then the volatile completion), exactly like a record whose result
 * came back from a thief; which thread hands a waiting record out is decided under the table's monitor. The lookup
 * flag and threshold in force are plain fields of the worker that reads them.
 */
package satin.runtime.fault;
