package ibis.ipl;

/** {@link ReceivePort#receive(long)} found no message within its timeout. */
public class ReceiveTimedOutException extends IbisIOException {
    private static final long serialVersionUID = 1L;

    public ReceiveTimedOutException(String message) {
        super(message);
    }

    public ReceiveTimedOutException(String message, Throwable cause) {
        super(message, cause);
    }
}
