package ibis.ipl;

/** One connection attempt failed; says which receive port (by identifier, or by instance and name) it aimed at. */
public class ConnectionFailedException extends IbisIOException {
    private static final long serialVersionUID = 1L;
    private final ReceivePortIdentifier receivePort;
    private final IbisIdentifier ibis;
    private final String portName;

    public ConnectionFailedException(String message, IbisIdentifier ibisIdentifier, String receivePortName) {
        this(message, ibisIdentifier, receivePortName, null);
    }

    public ConnectionFailedException(String message, IbisIdentifier ibisIdentifier, String receivePortName,
            Throwable cause) {
        super(message, cause);
        this.receivePort = null;
        this.ibis = ibisIdentifier;
        this.portName = receivePortName;
    }

    public ConnectionFailedException(String message, ReceivePortIdentifier receivePortIdentifier) {
        this(message, receivePortIdentifier, null);
    }

    public ConnectionFailedException(String message, ReceivePortIdentifier receivePortIdentifier, Throwable cause) {
        super(message, cause);
        this.receivePort = receivePortIdentifier;
        this.ibis = receivePortIdentifier.ibisIdentifier();
        this.portName = receivePortIdentifier.name();
    }

    /** The instance the receive port was to be on. */
    public IbisIdentifier ibisIdentifier() {
        return ibis;
    }

    /** The receive port's identifier, or null when the attempt named an instance and a port name. */
    public ReceivePortIdentifier receivePortIdentifier() {
        return receivePort;
    }

    /** The name of the receive port. */
    public String receivePortName() {
        return portName;
    }
}
