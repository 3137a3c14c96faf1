/**
 * Surviving the crash of other nodes: what a node does when another is gone ({@link CrashRecovery}, which reports
 * deaths to the pool view of {@code node.membership} and reaches the node's stealing only through
 * {@link StealingSide}), the rule of when a dead node's recovery round ends here ({@code Rounds}), the identity
 * of jobs that cross nodes ({@link ArgumentDigest}), the table of salvaged results ({@link SalvagedResults}, which
 * the workers see as {@code spawn.SalvagedLookup}), and the re-execution that reuses them.
 *
 * <h2>The algorithm</h2>
 * <ol>
 *   <li><b>Detection.</b> A node is gone when the registry reports it died or left (its connection to the registry
 *       closed: at once; or it was silent for the heartbeat timeout, the run's detection time), or when a send to it
 *       fails (a broken link). Every live node then forgets it as a victim and as a destination, and ends the steal
 *       requests waiting for its reply as "no job" ({@code node.recovery.CrashRecovery}).</li>
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
 *       twice. A job the dead node had received from a relay (a node that passes on a job it stole itself) goes
 *       back to the node it came from and on home, so that its owner takes it back under the rule of step 5; one
 *       whose origin is gone too is withdrawn (it was announced as that origin's orphan) and left to whoever
 *       re-executes the work it belongs to.</li>
 *   <li><b>Orphans are salvaged.</b> Jobs that live nodes stole from the dead node (orphans: their owner is gone)
 *       keep running; each live node announces the ones it runs (ORPHANS, pending entries in every node's
 *       {@link SalvagedResults}), and when one ends its result goes to every live node's table instead of to the
 *       dead owner. A thief also keeps the last results it sent to each owner: when that owner dies, the job that used
 *       them is lost with it, so they are salvaged too (this covers results sent into the dead node's socket before
 *       anybody knew).</li>
 *   <li><b>Re-execution in lookup mode.</b> A requeued job, and every record spawned in it, runs in lookup mode
 *       while the table holds an entry nobody claimed yet: every spawn becomes a record whose identity is looked up
 *       first. A stored outcome completes it at once; a pending one makes it wait for the orphan's result like a
 *       stolen record (or run here after all if the orphan's node dies too). A wait on a worker whose stack is one
 *       path of the spawn tree from a root job (a master's re-execution above {@code main}) lasts until then: no
 *       wait cycle can pass through that stack. On other stacks the waiting worker, once it has had nothing else to
 *       do for a bound (10 s when the stack is one path from a job that came from elsewhere, 100 ms otherwise), runs
 *       the spawn itself, which breaks the wait cycles that helping with arbitrary jobs in a sync allows
 *       ({@code spawn.Worker#reclaim} gives the argument).
 *       A node releases its requeued jobs once every live node announced its orphans (or after 2 s), so that the
 *       re-execution knows what to wait for rather than run; a thief announces the jobs it received from the dead
 *       node and has not started yet too, and one that arrives after it knew that node dead (its STEAL_REPLY
 *       overtaken by the news of the death) at once, in an ORPHANS of its own. A node that steals a released job
 *       (a re-execution) holds it until its own round of that death has ended too, or for one round's time at most:
 *       the other nodes' ORPHANS reach it by other links than the job, possibly after it, and the sender's came before
 *       it on the job's link ({@code CrashRecovery}, "The recovery round of one dead node"). A requeued job is taken
 *       up by an idle worker, by an idle worker of another node (a steal request says whether its worker waits in a
 *       sync), or in the sync of one of its ancestors, never in another sync: that sync's job may be an orphan the
 *       re-execution would wait for, below it on the same stack (the orphan cycle; {@code spawn.Worker}, "Who takes
 *       up a requeued record", gives the argument).</li>
 *   <li><b>The master's crash.</b> Design choice: the root job is {@code main(args)} itself, known to every node (same
 *       class path, same arguments), and its "result destination" is the standard output of whichever node runs it.
 *       So nothing about the root needs to be replicated while the run is healthy (no cost without crashes). When the
 *       master dies, its round runs like any other node's (orphans stolen from it are announced and salvaged, with
 *       the results thieves had sent to it), and the new master, the live node whose location sorts first (computed
 *       by every node from the losses it knows: no election message, one winner without false detections), waits for
 *       that round to end and then runs {@code main} again as a re-execution ({@code SatinRuntime.runMainAgain}):
 *       in lookup mode, so every spawn whose result was salvaged, or is still being computed by an orphan, is not run
 *       again. Only what the old master computed itself, and had not yet handed to a thief, is redone. The new master
 *       then ends the run as masters do (DONE, statistics, termination); a launcher prints the output of whichever
 *       node ran {@code main} to its end. What {@code main} printed on the old master before it died was printed
 *       already; {@code main} runs from its start again, so that output is printed a second time by the new master
 *       (its final result, and anything printed after the crash, once).</li>
 *   <li><b>Graceful leave</b> is not a crash: the leaving node finishes what it holds, hands its results to their
 *       owners and says LEAVING after them, so nothing is lost and nothing is run again ({@code node.SatinNode}).</li>
 * </ol>
 *
 * <h2>Memory ordering</h2>
 * A record completed from the table is completed by the thread that delivers the outcome
 * ({@code WorkerPool.completeExported}: result, then the volatile completion), exactly like a record whose result
 * came back from a thief; which thread hands a waiting record out is decided under the table's monitor. The lookup
 * flag and threshold in force are plain fields of the worker that reads them.
 */
package satin.runtime.node.recovery;
