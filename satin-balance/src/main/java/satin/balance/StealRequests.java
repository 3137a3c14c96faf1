package satin.balance;

/** The host's service for sending steal requests on behalf of a policy. */
@FunctionalInterface
public interface StealRequests {
    /**
     * Sends a steal request to {@code victim}. The host must later call
     * {@link StealPolicy#onReply(int, StealMode, boolean)} exactly once for this request, with the same mode.
     * For {@link StealMode#SYNCHRONOUS} the host runs no work until that reply has been delivered.
     */
    void send(int victim, StealMode mode);
}
