package ibis.ipl;

/** No answer from the receive port within the connect timeout. */
public class ConnectionTimedOutException extends ConnectionFailedException {
    private static final long serialVersionUID = 1L;

    public ConnectionTimedOutException(String message, ReceivePortIdentifier receivePortIdentifier) {
        super(message, receivePortIdentifier);
    }

    public ConnectionTimedOutException(String message, ReceivePortIdentifier receivePortIdentifier, Throwable cause) {
        super(message, receivePortIdentifier, cause);
    }

    public ConnectionTimedOutException(String message, IbisIdentifier ibisIdentifier, String receivePortName) {
        super(message, ibisIdentifier, receivePortName);
    }

    public ConnectionTimedOutException(String message, IbisIdentifier ibisIdentifier, String receivePortName, Throwable cause) {
        super(message, ibisIdentifier, receivePortName, cause);
    }
}
