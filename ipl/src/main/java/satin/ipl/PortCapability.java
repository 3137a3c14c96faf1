package satin.ipl;

/**
 * The capabilities a {@link PortType} is made of. A port type picks exactly one connection pattern, one
 * of reliable/unreliable, at least one receipt mode and one serialization level; FIFO is optional.
 */
public enum PortCapability {
    /** A send port connects to one receive port, which accepts one sender. */
    ONE_TO_ONE(Group.PATTERN),
    /** A send port may connect to many receive ports; each message goes to all of them. */
    ONE_TO_MANY(Group.PATTERN),
    /** A receive port accepts many send ports; a send port connects to one receive port. */
    MANY_TO_ONE(Group.PATTERN),
    /** Every message arrives exactly once. */
    RELIABLE(Group.RELIABILITY),
    /** Messages may be lost (never corrupted, never partly delivered). */
    UNRELIABLE(Group.RELIABILITY),
    /** Messages from one send port arrive in the order they were sent. */
    FIFO(Group.ORDERING),
    /** Messages are handed to a {@link MessageUpcall}. */
    UPCALLS(Group.RECEIPT),
    /** Messages are taken with {@link ReceivePort#receive()} or {@link ReceivePort#poll()}. */
    EXPLICIT_RECEIPT(Group.RECEIPT),
    /** Only byte arrays and byte buffers. */
    SERIALIZATION_BYTES(Group.SERIALIZATION),
    /** Primitives, primitive arrays, strings and byte buffers. */
    SERIALIZATION_DATA(Group.SERIALIZATION),
    /** Everything, including registered objects (Kryo). */
    SERIALIZATION_OBJECT(Group.SERIALIZATION);

    /** Capabilities of the same group are alternatives of one property. */
    public enum Group { PATTERN, RELIABILITY, ORDERING, RECEIPT, SERIALIZATION }

    private final Group group;

    PortCapability(Group group) {
        this.group = group;
    }

    public Group group() {
        return group;
    }
}
