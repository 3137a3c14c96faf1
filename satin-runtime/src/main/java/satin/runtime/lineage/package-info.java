/**
 * The identity of jobs in the spawn tree, identical on every node, and the replay of a lost job that reuses the
 * results stored under those identities.
 *
 * <h2>Identity: a path in the tree of queued records</h2>
 * A spawn either runs inline (a plain call; the common case) or becomes a queued record, which may be stolen. Only
 * queued records get an identity ({@link Stamp}): the identity of the job in whose execution it was spawned, plus
 * its <em>spawn index</em> there: how many spawns (inline and queued alike) that execution had made before it, in
 * program order. The root is the job running {@code main}. An index is counted without any work on inline spawns:
 * a worker already counts every spawn it makes (queued and inlined, for its statistics), so the index is that
 * count minus its value when the job started, less the spawns of other jobs the worker ran nested inside (in a
 * {@code sync}); the bookkeeping happens only when a queued record starts or ends, never on an inline call.
 *
 * <p>Which spawns were queued depends on timing (a spawn is inlined while its worker holds enough queued work), so
 * the same index denotes the same spawn in another execution only if that execution queued exactly the same earlier
 * spawns: queued spawns' subtrees are not part of the spawning job's own execution. Each identity step therefore
 * also names the queued indices before it: the list itself (to replay the decisions) and a hash of it (the step's
 * identity: {@link PathKey}). Given a program that makes the same spawns in the same order for the same arguments
 * (the determinism every Satin recovery assumes), equal steps denote the same call on any node and in any
 * re-execution that makes the same decisions, and a re-execution that decides differently gets different
 * identities, so results of the two can never be confused.
 *
 * <h2>Replay</h2>
 * When a job is lost, its owner runs it again with a {@link ReplayPlan}: the queued decisions of the lost
 * execution up to the last spawn of interest, and for the spawns of interest their stored result, the node still
 * computing them, or a plan for their own execution. The replaying worker forces those decisions (every other
 * spawn inline, exactly the listed ones queued), so the indices reproduce the lost execution's; a spawn with a
 * stored result completes at once without running; one still being computed elsewhere waits for that result like a
 * stolen job. Past the plan's last index the job runs normally. A step whose hash does not match the replay's own
 * prefix at that index reveals a program that is not deterministic: the replay stops using the plan there (and
 * counts it), which costs work but never a wrong result.
 *
 * <h2>Work accounts</h2>
 * Every job executes against a {@link WorkAccount}: one per job received from another node, per root, and per
 * re-execution, shared by the job's local subtree. Workers charge their busy time to the account of the job they
 * run at every switch between jobs (not per spawn), which gives the CPU time of a node's unfinished jobs (the work a
 * crash loses) and of re-executions (the redundant work).
 *
 * <p>Thread safety: a {@link JobContext} belongs to the worker executing the job; {@link Stamp} identity fields are
 * final (written before the record is published); a plan's entries change state by compare-and-set between the
 * replaying worker and the thread delivering results ({@link ReplayEntry}).
 */
package satin.runtime.lineage;
