package ibis.ipl;

/**
 * What a send or receive port can do: a capability set. Ports connect only to ports of an equal type. How each
 * capability maps onto this project's IPL is in the module's README.
 */
public final class PortType extends CapabilitySet {
    private static final long serialVersionUID = 1L;

    /** A send port has at most one connection and a receive port at most one. */
    public static final String CONNECTION_ONE_TO_ONE = "connection.onetoone";
    /** A send port may connect to many receive ports (each message goes to all); a receive port takes one. */
    public static final String CONNECTION_ONE_TO_MANY = "connection.onetomany";
    /** A receive port takes many send ports; a send port connects to one. */
    public static final String CONNECTION_MANY_TO_ONE = "connection.manytoone";
    /** Many to many: not offered by this implementation (see the README). */
    public static final String CONNECTION_MANY_TO_MANY = "connection.manytomany";
    /** {@code lostConnections()}/{@code newConnections()} downcalls on ports. */
    public static final String CONNECTION_DOWNCALLS = "connection.downcalls";
    /** Connection upcalls ({@link ReceivePortConnectUpcall}, {@link SendPortDisconnectUpcall}). */
    public static final String CONNECTION_UPCALLS = "connection.upcalls";
    /** Connect calls with a timeout. */
    public static final String CONNECTION_TIMEOUT = "connection.timeout";
    /** Cheaper connections (accepted; the same connections here). */
    public static final String CONNECTION_LIGHT = "connection.light";
    /** Even cheaper, unreliable connections (accepted; the same connections here). */
    public static final String CONNECTION_ULTRALIGHT = "connection.ultralight";
    /** Only direct connections (always the case here). */
    public static final String CONNECTION_DIRECT = "connection.direct";
    /** Explicit receive. */
    public static final String RECEIVE_EXPLICIT = "receive.explicit";
    /** Explicit receive with a timeout. */
    public static final String RECEIVE_TIMEOUT = "receive.timeout";
    /** Polls ({@link ReceivePort#poll()}). */
    public static final String RECEIVE_POLL = "receive.poll";
    /** Message upcalls without polling. */
    public static final String RECEIVE_AUTO_UPCALLS = "receive.autoupcalls";
    /** Message upcalls that the program polls for (here they come without polling too, which the API allows). */
    public static final String RECEIVE_POLL_UPCALLS = "receive.pollupcalls";
    /** Messages of one send port arrive in the order sent. */
    public static final String COMMUNICATION_FIFO = "communication.fifo";
    /** Multicasts arrive in the same order everywhere (not offered here). */
    public static final String COMMUNICATION_TOTALLY_ORDERED_MULTICASTS = "communication.totally.ordered.multicasts";
    /** Messages carry a sequence number per send port ({@link ReadMessage#sequenceNumber()}). */
    public static final String COMMUNICATION_NUMBERED = "communication.numbered";
    /** Every message arrives. */
    public static final String COMMUNICATION_RELIABLE = "communication.reliable";
    /** Messages may be lost. */
    public static final String COMMUNICATION_UNRELIABLE = "communication.unreliable";
    /** Reliable but unprotected (here protection depends on the pool secret, not on the port). */
    public static final String COMMUNICATION_RELIABLE_UNSAFE = "communication.reliable.unsafe";
    /** Bytes only: writeByte, byte arrays, byte buffers. */
    public static final String SERIALIZATION_BYTE = "serialization.byte";
    /** Primitives, primitive arrays and strings. */
    public static final String SERIALIZATION_DATA = "serialization.data";
    /** Objects too ({@code Serializable}, Java serialization here). */
    public static final String SERIALIZATION_OBJECT = "serialization.object";
    /** Ibis's own object serialization: Java serialization here. */
    public static final String SERIALIZATION_OBJECT_IBIS = "serialization.object.ibis";
    /** The JDK's object serialization. */
    public static final String SERIALIZATION_OBJECT_SUN = "serialization.object.sun";

    public PortType(String... capabilities) {
        super(capabilities);
    }

    /** Whether this type asks for object serialization in any of its forms. */
    public boolean objectSerialization() {
        return hasCapabilityStartingWith(SERIALIZATION_OBJECT);
    }
}
