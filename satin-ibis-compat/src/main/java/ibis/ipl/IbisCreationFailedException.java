package ibis.ipl;

/** {@link IbisFactory#createIbis} could not start an instance; the message says why. */
public class IbisCreationFailedException extends IbisException {
    private static final long serialVersionUID = 1L;

    public IbisCreationFailedException() {
        super();
    }

    public IbisCreationFailedException(String message) {
        super(message);
    }

    public IbisCreationFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    public IbisCreationFailedException(Throwable cause) {
        super(cause);
    }
}
