package satin.runtime.node.membership;

/**
 * What one step of the view did: member {@code member} went from {@code before} to {@code after} (equal: nothing
 * changed, the step was a repeat or not allowed), and the master, derived from the states, went from
 * {@code masterBefore} to {@code masterAfter}. Computed in one critical section, so two steps on two threads see
 * each other in one order: exactly one of them sees the master change to a given member.
 */
public record Change(int member, MemberState before, MemberState after, int masterBefore, int masterAfter) {

    /** Whether the member's state moved. */
    public boolean changed() {
        return before != after;
    }

    /** Whether this step changed who the master is. */
    public boolean masterChanged() {
        return masterBefore != masterAfter;
    }
}
