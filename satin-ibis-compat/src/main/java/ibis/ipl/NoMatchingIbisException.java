package ibis.ipl;

/** No implementation offers every capability and port type the program asked for. */
public class NoMatchingIbisException extends IbisCreationFailedException {
    private static final long serialVersionUID = 1L;

    public NoMatchingIbisException(String message) {
        super(message);
    }

    public NoMatchingIbisException(String message, Throwable cause) {
        super(message, cause);
    }
}
