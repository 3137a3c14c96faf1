package satin.runtime.node.membership;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where one member of the pool is in its life, as one node sees it. The allowed moves:
 * <pre>
 *   JOINING ──► READY ──► LEAVING ──► LEFT
 *      │          │          │
 *      └──────────┴──────────┴──────► DEAD
 * </pre>
 * (a member may also go from JOINING or READY to LEFT directly: its LEAVING message is the first this node hears of
 * its leave). LEFT and DEAD are final: a node that comes back joins as a new member with a new number.
 * A LEFT member held nothing when it went (nothing to recover); a DEAD one may have held work (recover it).
 */
public enum MemberState {
    /** Known (registry or a message named it), but not yet connected and welcomed: no steal requests go to it. */
    JOINING,
    /** Connected and ready: a victim, and a member every broadcast of the run goes to. */
    READY,
    /** Leaving gracefully: it hands back what it holds; no new steal requests go to it. */
    LEAVING,
    /** Left gracefully: gone, holding nothing of the run. Final. */
    LEFT,
    /** Gone without a goodbye (died, killed, unreachable, fenced): what it held is recovered. Final. */
    DEAD;

    /** Whether a member in this state may move to {@code next}. */
    public boolean canBecome(MemberState next) {
        return next != this && allowed().contains(next);
    }

    /** Whether the member is gone (LEFT or DEAD): it takes part in nothing any more. */
    public boolean gone() {
        return this == LEFT || this == DEAD;
    }

    private Set<MemberState> allowed() {
        return switch (this) {
            case JOINING -> EnumSet.of(READY, LEAVING, LEFT, DEAD);
            case READY -> EnumSet.of(LEAVING, LEFT, DEAD);
            case LEAVING -> EnumSet.of(LEFT, DEAD);
            case LEFT, DEAD -> EnumSet.noneOf(MemberState.class);
        };
    }
}
