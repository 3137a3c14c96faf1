package satin.runtime.node.sim;

/**
 * A rule of the protocol broken on purpose, to show that the simulation's invariants catch it
 * ({@code BrokenRuleIsCaughtTest}). {@link #NONE} in every real schedule.
 */
enum Mutation {
    NONE,
    /**
     * A relay whose thief died forgets the relayed job instead of sending it home (RESULT with {@code Outcome.Lost}):
     * the owner's export stays in its ledger, its sync waits forever.
     */
    RELAYED_JOBS_DO_NOT_GO_HOME,
    /**
     * A RESULT completes its job even when recovery claimed the export first ("whoever claims an export owns its
     * job" broken): a job taken back and run again here is completed twice.
     */
    LATE_RESULT_COMPLETES
}
