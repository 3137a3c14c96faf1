package satin.runtime.node.sim;

/**
 * A rule of the protocol broken on purpose, to show that the simulation's invariants catch it
 * ({@code BrokenRuleIsCaughtTest}). {@link #NONE} in every real schedule. The real stealing runs unchanged: each
 * mutation is made at its boundary in {@link SimNode} (a message it sends is dropped, a message it handles has a
 * further effect), so no test hook exists in the protocol's code.
 */
enum Mutation {
    NONE,
    /**
     * A relay whose thief died forgets the relayed job instead of sending it home (its RESULT with
     * {@code Outcome.Lost} is dropped as it leaves): the owner's export stays in its ledger, nobody answers for it.
     */
    RELAYED_JOBS_DO_NOT_GO_HOME,
    /**
     * A RESULT completes its job even when recovery claimed the export first ("whoever claims an export owns its
     * job" broken: after the victim handled the RESULT, the harness completes the job it did not): a job taken back
     * and run again here is completed twice.
     */
    LATE_RESULT_COMPLETES
}
