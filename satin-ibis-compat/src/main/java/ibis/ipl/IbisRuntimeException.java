package ibis.ipl;

/** An unchecked Ibis failure. */
public class IbisRuntimeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public IbisRuntimeException() {
        super();
    }

    public IbisRuntimeException(String message) {
        super(message);
    }

    public IbisRuntimeException(String message, Throwable cause) {
        super(message, cause);
    }

    public IbisRuntimeException(Throwable cause) {
        super(cause);
    }
}
