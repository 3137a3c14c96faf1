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
 * Workers poll for work and finish stolen jobs (thief side) and abort exported ones (victim side); in a node, the
 * handlers of STEAL_REQUEST, STEAL_REPLY, RESULT and ABORT, a held request's late answer, a reply whose job could not
 * be written and crash recovery's claims of a lost thief's jobs are steps of the node's protocol loop (the node
 * package's overview), so they run one at a time and an ABORT that overtakes its STEAL_REPLY is ordered against it
 * by the loop (and by the ledger's foreign monitor where the two are called from two threads, as in unit tests).
 * None of them waits for another node: a send only queues. The rules that make this safe: (1) one owner per job, the claim of an export
 * (a RESULT, recovery of a dead thief, an unwritten reply: whoever removes the export acts); (2) a job from elsewhere
 * is in exactly one of the arrived and running sets at every moment (both changed under one monitor), so a dead
 * owner's orphans are all found; (3) monitors are held for map operations only, never across a send or a wait; the
 * policy is called under its own lock and sends after it is released; (4) one synchronous request in flight per node,
 * owned by the worker holding the steal flag.
 */
package satin.runtime.node.steal;
