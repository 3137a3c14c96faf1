package satin.runtime.node.wire;

/**
 * A shared-object update as it travels ({@link Message.SharedSubmit}, {@link Message.SharedOrdered}): CREATE (an
 * object starts being replicated: {@code object} and its Java-serialized state in {@code bytes}), WRITE (a write
 * method {@code method} with its Java-serialized arguments, by node {@code origin}'s write number {@code serial}) or
 * SNAPSHOT (master to a joiner: every replica's state after update {@code seq}). {@code seq} is 0 until the master
 * ordered the update.
 */
public record SharedUpdate(long seq, int origin, byte kind, long object, long serial, String method, byte[] bytes) {

    public static final byte CREATE = 1;
    public static final byte WRITE = 2;
    public static final byte SNAPSHOT = 3;

    /** The same update with sequence number {@code number}. */
    public SharedUpdate ordered(long number) {
        return new SharedUpdate(number, origin, kind, object, serial, method, bytes);
    }

    /** Whether {@code kind} is one that travels. */
    static boolean travels(byte kind) {
        return kind == CREATE || kind == WRITE || kind == SNAPSHOT;
    }
}
