package ibis.ipl;

/** The send port is already connected to that receive port. */
public class AlreadyConnectedException extends ConnectionFailedException {
    private static final long serialVersionUID = 1L;

    public AlreadyConnectedException(String message, ReceivePortIdentifier receivePortIdentifier) {
        super(message, receivePortIdentifier);
    }

    public AlreadyConnectedException(String message, ReceivePortIdentifier receivePortIdentifier, Throwable cause) {
        super(message, receivePortIdentifier, cause);
    }

    public AlreadyConnectedException(String message, IbisIdentifier ibisIdentifier, String receivePortName) {
        super(message, ibisIdentifier, receivePortName);
    }

    public AlreadyConnectedException(String message, IbisIdentifier ibisIdentifier, String receivePortName, Throwable cause) {
        super(message, ibisIdentifier, receivePortName, cause);
    }
}
