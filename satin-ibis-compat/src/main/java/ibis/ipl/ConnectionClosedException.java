package ibis.ipl;

/** The connection or port was closed while it was used. */
public class ConnectionClosedException extends IbisIOException {
    private static final long serialVersionUID = 1L;

    public ConnectionClosedException(String message) {
        super(message);
    }

    public ConnectionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
