package satin.ipl;

/**
 * Upcalls for pool events, on one registry thread, in pool order. Defaults do nothing, so a handler
 * implements only what it needs. A handler must not block for long: it delays later events.
 */
public interface RegistryEventHandler {
    default void joined(NodeIdentifier node) {
    }

    default void left(NodeIdentifier node) {
    }

    default void died(NodeIdentifier node) {
    }

    default void gotSignal(String signal, NodeIdentifier source) {
    }

    default void electionResult(String election, NodeIdentifier winner) {
    }

    default void poolClosed() {
    }

    default void poolTerminated(NodeIdentifier source) {
    }

    /** The registry connection is gone; registry calls now throw {@link RegistryLostException}. */
    default void registryLost(Throwable cause) {
    }

    /**
     * With {@link IplProperties#REGISTRY_RECONNECT}: the registry connection is gone and the member tries to get it
     * back. Its view of the pool stays as it was (no event arrives meanwhile: nobody reports deaths); elections,
     * signals and termination fail until {@link #registryRestored}.
     */
    default void registryUnavailable(Throwable cause) {
    }

    /** The member is back in its pool at the registry, as the member it was; events flow again. */
    default void registryRestored() {
    }
}
