package satin.runtime.node.membership;

/**
 * Something this node noticed about another member: an observation, not a verdict. The view ({@link PoolView#observe})
 * hands it to its {@link Downing} rule, which alone decides whether the member is DEAD; the observation is kept
 * either way ({@link PoolView#lastObservation}), so a report can say why a member was declared dead.
 */
public sealed interface Observation {

    /** A short text for logs and reports ("died", "link broken: connection reset"). */
    String describe();

    /** The registry reports the member dead (its failure detector, or the member's own abort). */
    record RegistryDied() implements Observation {
        @Override
        public String describe() {
            return "died";
        }
    }

    /** The registry reports the member left (it signed off), without the run's LEAVING message before. */
    record RegistryLeft() implements Observation {
        @Override
        public String describe() {
            return "left";
        }
    }

    /**
     * The link to the member closed by itself: the IPL saw its connection end (a process that died closes its
     * connections at once). Alone, not a verdict: a member can lose a connection and live. {@code addressRefuses}: a
     * probe of the member's address afterwards was refused (its host answers, its process no longer listens), which
     * only a member that is gone gives.
     */
    record LinkClosed(String cause, boolean addressRefuses) implements Observation {
        @Override
        public String describe() {
            return "link closed (" + cause + ")" + (addressRefuses ? " and its address refuses connections" : "");
        }
    }

    /** A send to the member failed: the link is broken (the member may be alive and cut off). */
    record LinkBroken(String cause) implements Observation {
        @Override
        public String describe() {
            return "link broken: " + cause;
        }
    }
}
