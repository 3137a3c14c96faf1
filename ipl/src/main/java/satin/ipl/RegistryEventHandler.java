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
}
