package satin.ipl;

/**
 * One event of the pool, in the same order at every member. {@code node} is the member concerned
 * (joined, left, died, election winner, signal sender); {@code text} is the signal or election name.
 */
public record RegistryEvent(Type type, NodeIdentifier node, String text) {
    public enum Type { JOINED, LEFT, DIED, SIGNAL, ELECTED, POOL_CLOSED, TERMINATED }

    @Override
    public String toString() {
        return type + (node == null ? "" : " " + node) + (text == null ? "" : " '" + text + "'");
    }
}
