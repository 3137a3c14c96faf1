package ibis.ipl;

/** The send port and the receive port are of different port types. */
public class PortMismatchException extends ConnectionFailedException {
    private static final long serialVersionUID = 1L;

    public PortMismatchException(String message, ReceivePortIdentifier receivePortIdentifier) {
        super(message, receivePortIdentifier);
    }

    public PortMismatchException(String message, ReceivePortIdentifier receivePortIdentifier, Throwable cause) {
        super(message, receivePortIdentifier, cause);
    }

    public PortMismatchException(String message, IbisIdentifier ibisIdentifier, String receivePortName) {
        super(message, ibisIdentifier, receivePortName);
    }

    public PortMismatchException(String message, IbisIdentifier ibisIdentifier, String receivePortName, Throwable cause) {
        super(message, ibisIdentifier, receivePortName, cause);
    }
}
