package satin.runtime.node.membership;

/**
 * The rule that turns observations into the verdict DEAD (as in Pekko's cluster membership: what a node notices is
 * kept apart from the decision that a member is down). Pure: the same observation of the same member in the same
 * state gives the same answer at every node, so nodes that observe the same agree.
 */
@FunctionalInterface
public interface Downing {

    /** Whether {@code observation} of a member now in {@code state} makes it DEAD. */
    boolean down(MemberState state, Observation observation);

    /** Every observation is a verdict: the simplest rule, for views that have no other evidence to weigh. */
    Downing ANY_OBSERVATION = (state, observation) -> !state.gone();

    /**
     * The rule of a run that survives crashes: the registry's word is final, and so is a send that failed (the IPL
     * fails a send only when the peer's process or connection is gone; a peer cut off but alive is fenced by the
     * registry, which declares it dead to everyone, so both views converge). A link that closed by itself is kept as
     * an observation while nothing else is known (the registry sees the same death and decides), and is a verdict
     * when the member's address refuses connections (its process is gone: asked while the registry is gone).
     */
    Downing FAULT_TOLERANT = (state, observation) -> !state.gone()
            && !(observation instanceof Observation.LinkClosed closed && !closed.addressRefuses());
}
