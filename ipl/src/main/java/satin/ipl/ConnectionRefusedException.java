package satin.ipl;

/**
 * A receive port refused a connection (no such port, wrong type, already connected, node gone). {@link #mayRetry()}
 * says whether the same connect may succeed later without anything else changing on the sender's side: the port
 * does not exist yet, or it does not take connections right now ({@link ConnectionUpcall.Answer#NOT_NOW}).
 */
public class ConnectionRefusedException extends IplException {
    private final boolean mayRetry;

    public ConnectionRefusedException(String message) {
        this(message, false);
    }

    public ConnectionRefusedException(String message, boolean mayRetry) {
        super(message);
        this.mayRetry = mayRetry;
    }

    /** Refused for good, for the reason {@code cause} (kept so that a caller can tell a refused address apart). */
    public ConnectionRefusedException(String message, Throwable cause) {
        super(message, cause);
        this.mayRetry = false;
    }

    /** True when the receiver had no such port yet or did not take connections now: a later attempt may succeed. */
    public boolean mayRetry() {
        return mayRetry;
    }
}
