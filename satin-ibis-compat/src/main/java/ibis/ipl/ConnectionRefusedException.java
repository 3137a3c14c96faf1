package ibis.ipl;

/** The receive port refused the connection (denied by its connect upcall, or not there and no time was left to wait for it). */
public class ConnectionRefusedException extends ConnectionFailedException {
    private static final long serialVersionUID = 1L;

    public ConnectionRefusedException(String message, ReceivePortIdentifier receivePortIdentifier) {
        super(message, receivePortIdentifier);
    }

    public ConnectionRefusedException(String message, ReceivePortIdentifier receivePortIdentifier, Throwable cause) {
        super(message, receivePortIdentifier, cause);
    }

    public ConnectionRefusedException(String message, IbisIdentifier ibisIdentifier, String receivePortName) {
        super(message, ibisIdentifier, receivePortName);
    }

    public ConnectionRefusedException(String message, IbisIdentifier ibisIdentifier, String receivePortName, Throwable cause) {
        super(message, ibisIdentifier, receivePortName, cause);
    }
}
