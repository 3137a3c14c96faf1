/**
 * Membership: one view of the pool per node ({@link satin.runtime.node.membership.PoolView}), an explicit
 * {@link satin.runtime.node.membership.MemberState} per member with its allowed transitions
 * ({@code JOINING → READY → LEAVING → LEFT | DEAD}), and the master derived from those states. What a node notices
 * about another (the registry's events, a broken link) is an {@link satin.runtime.node.membership.Observation}
 * reported to the view; the {@link satin.runtime.node.membership.Downing} rule alone turns it into the verdict DEAD
 * (observations apart from the decision, as in Pekko's cluster membership). In a node, every step of the view runs on
 * the node's protocol loop ({@code PoolView.ownedBy}, asserted); anyone reads its snapshot. Depends on the IPL API only.
 */
package satin.runtime.node.membership;
