/**
 * Work stealing between nodes, by concern (issue 30, part 3): the thief side ({@link satin.runtime.node.steal.Thief}:
 * steal requests driven by the RS/CRS policy, replies, the results of stolen jobs sent home), the victim side
 * ({@link satin.runtime.node.steal.Victim}: jobs given to thieves, their results taken back, aborts, relays, late
 * answers, the jobs a lost thief held), and the one ledger of the jobs that cross this node
 * ({@link satin.runtime.node.steal.StealLedger}: which are exported, with {@link satin.runtime.node.steal.ExportLedger}'s
 * rule that whoever claims an export owns its job; which are foreign here, arrived or running; which are relayed; which
 * results are kept for their owners' crash, {@link satin.runtime.node.steal.KeptResults}). Sends go through a
 * {@link satin.runtime.node.steal.Link}; crash recovery is reached only through
 * {@link satin.runtime.node.steal.Losses}, which the node wires in: this package never imports recovery (which uses
 * the ledger through the node, not the other way round) nor the node's wiring.
 *
 * <h2>Threads and ordering</h2>
 * The ledger is owned by the node's protocol loop (the node package's overview): the handlers of STEAL_REQUEST,
 * STEAL_REPLY, RESULT and ABORT, a held request's late answer, a reply whose job could not be written and crash
 * recovery's claims of a lost thief's jobs are loop steps, and every change of the ledger is one (asserted in
 * {@link satin.runtime.node.steal.StealLedger}, {@link satin.runtime.node.steal.ExportLedger} and
 * {@link satin.runtime.node.steal.KeptResults}), so an ABORT that overtakes its STEAL_REPLY is ordered against it by
 * the loop alone. Workers never lock the ledger: they take an arrived job with one poll of a lock-free queue (the
 * queue's removal is the claim against the loop's relay or drop), read a finished job's origin from a concurrent map
 * the loop fills before it queues the job, read where an exported job is when they abort it, and hand everything else
 * over by posting to the loop (a finished job's removal, a sent result to keep; the peers' writers post a kept
 * result's size and, in a run that survives crashes, that a reply carrying a job was written: the export is then
 * held). None of them waits for another node: a send only queues. The rules that make this safe: (1) one owner per
 * job, the claim of an export (a RESULT, recovery of a dead thief, an unwritten reply: whoever removes the
 * export acts, all on the loop); (2) a job from elsewhere stays in the loop's index from its arrival until the loop
 * runs its removal, with the identity taken on arrival, so a dead owner's orphans are all found whether they wait, run
 * or were relayed; and because the removal may still be queued when the death step lists the job, the step that
 * keeps its result looks at the owner's death again and salvages it then ({@code LedgerHandOffTest});
 * (3) one poster's steps run in its posting order (a job's removal before its result's keep);
 * (4) what stays shared is under a stated rule: the thief's steal policy is called under its one lock (its
 * bookkeeping only, never across a send or a wait), a synchronous request in flight is created and ended by the worker
 * holding the steal flag while the loop only completes its reply (one compare-and-set: one completion wins) and unparks the
 * waiter, an asynchronous one is ended by whoever removes it from its concurrent map (the reply or the victim's death
 * on the loop, or the sender whose send failed); the gate reads the run's phase ({@code node.life.Phase}: one
 * compare-and-set per move) and the program's pause (a volatile flag).
 */
package satin.runtime.node.steal;
